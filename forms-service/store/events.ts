import type { EmailHoldReason } from '../../contract/wire/inbox.js'
import type { LeadSource } from '../../contract/wire/source.js'
import type { FormStore } from './formStore.js'
import type { MeetingAction } from './meetings.js'

// What the store did, as typed events: metrics count them, the availability cache drops its answer on
// them. Which call makes which events is one table below, keyed by the store's own method names, so that
// a renamed or removed method is a compile error there, not a metric that silently stops counting.

export type LeadKind = 'consultation' | 'contact' | 'newsletter'

/** The store calls that commit a change: their time is the store's commit latency. */
export type CommittingCall =
  | 'addConsultation'
  | 'bookConsultation'
  | 'holdMeeting'
  | 'changeMeeting'
  | 'addContact'
  | 'subscribe'
  | 'update'
  | 'remove'
  | 'updateEmail'
  | 'eraseReceivedBefore'
  | 'importData'

export type StoreEvent =
  /** A call that commits a change finished, or failed, after `seconds`. */
  | { type: 'committed'; operation: CommittingCall; seconds: number }
  /** A form stored: `id` is its record's (a submission sent again answers its first record, with the same id). */
  | { type: 'lead-stored'; lead: LeadKind; id: string; source: LeadSource | undefined }
  /** A request got its meeting: booked with it, or held later by its link. */
  | { type: 'meeting-booked'; requestId: string }
  /** A meeting changed: moved, cancelled, marked. */
  | { type: 'meeting-changed'; action: MeetingAction }
  /** An email was held rather than sent (outbox/recipients.ts). */
  | { type: 'email-held'; reason: EmailHoldReason | undefined }
  /** What is free to book may differ: a meeting booked, changed or erased, a lead's status changed. */
  | { type: 'calendar-changed' }

export type StoreListener = (event: StoreEvent) => void

/**
 * A listener of one type of event, given it typed: `on('meeting-changed', (event) => event.action === 'move' && moved.inc())`.
 * A type or a field that is not one is a compile error.
 */
export const on =
  <T extends StoreEvent['type']>(type: T, listener: (event: Extract<StoreEvent, { type: T }>) => unknown): StoreListener =>
  (event) => {
    if (event.type === type) listener(event as Extract<StoreEvent, { type: T }>)
  }

/** One listener telling each event to all of `listeners`. */
export const listenerOf =
  (...listeners: StoreListener[]): StoreListener =>
  (event) => {
    for (const listener of listeners) listener(event)
  }

type Call<K extends keyof FormStore> = FormStore[K] extends (...args: infer A) => Promise<infer R> ? { args: A; result: R } : never

const calendarChanged: StoreEvent = { type: 'calendar-changed' }
const lead = (kind: LeadKind, record: { id: string; source?: LeadSource | undefined }): StoreEvent => ({
  type: 'lead-stored',
  lead: kind,
  id: record.id,
  source: record.source,
})

/**
 * Every store call that commits a change, and the events it makes once it has. A lead's status change may cancel its meeting (leadMeeting.ts), and an
 * erasure or an import may remove meetings: what is free may differ after each.
 */
const commitEvents = {
  addConsultation: ({ result }) => [lead('consultation', result)],
  bookConsultation: ({ result }) => [lead('consultation', result), { type: 'meeting-booked', requestId: result.id }, calendarChanged],
  holdMeeting: ({ result }) => (result ? [{ type: 'meeting-booked', requestId: result.id }, calendarChanged] : []),
  changeMeeting: ({ args: [change], result }) => (result.ok ? [{ type: 'meeting-changed', action: change.action }, calendarChanged] : []),
  addContact: ({ result }) => [lead('contact', result)],
  subscribe: ({ result }) => [lead('newsletter', result)],
  update: () => [calendarChanged],
  remove: () => [calendarChanged],
  updateEmail: ({ args: [, set] }) => (set.state === 'held' ? [{ type: 'email-held', reason: set.heldFor }] : []),
  eraseReceivedBefore: () => [calendarChanged],
  importData: () => [calendarChanged],
} satisfies { [K in CommittingCall]: (call: Call<K>) => StoreEvent[] }
const isCommitting = (name: PropertyKey): name is CommittingCall => Object.hasOwn(commitEvents, name)

type Method = (...args: unknown[]) => Promise<unknown>

/**
 * A store whose committing calls are told to whoever listens (`listen` gives back the function that stops
 * it): what `openStore` opens, so that metrics, the availability cache and anyone else subscribe to the store
 * itself, whoever calls it (the routes, the sender, the erasure).
 */
export type ObservedStore<S extends FormStore = FormStore> = S & { listen(listener: StoreListener): () => void }

/**
 * `store` telling its listeners what each committing call did (commitEvents). A proxy rather than a
 * copy: each call reaches the method as it is at that moment, with `store` as `this`, so that nothing
 * the store writes on itself lands on a wrapper; each wrapper is made once per method.
 */
export function observedStore<S extends FormStore>(store: S): ObservedStore<S> {
  const listeners = new Set<StoreListener>()
  const tell = (event: StoreEvent) => {
    for (const listener of listeners) listener(event)
  }
  const listen = (listener: StoreListener) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const wrappers = new Map<PropertyKey, { method: unknown; wrapper: unknown }>()
  return new Proxy(store, {
    get(target, name) {
      if (name === 'listen') return listen
      const value: unknown = Reflect.get(target, name, target)
      if (typeof value !== 'function') return value
      const known = wrappers.get(name)
      if (known?.method === value) return known.wrapper
      const method = value as Method
      const wrapper = isCommitting(name)
        ? async (...args: unknown[]) => {
            const started = performance.now()
            let result: unknown
            try {
              result = await method.apply(target, args)
            } finally {
              tell({ type: 'committed', operation: name, seconds: (performance.now() - started) / 1000 })
            }
            for (const event of (commitEvents[name] as (call: { args: unknown[]; result: unknown }) => StoreEvent[])({ args, result })) tell(event)
            return result
          }
        : (...args: unknown[]) => method.apply(target, args)
      wrappers.set(name, { method: value, wrapper })
      return wrapper
    },
  }) as ObservedStore<S>
}
