import path from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { emailNames } from '../../contract/content/emails/templateTable.js'
import type { InboxRecord } from '../../forms-service/store/inboxQuery.js'
import type { Field, RecordOf, Shape } from '../../contract/wire/recordShape.js'
import { readExport, writeExport } from '../../forms-service/store/exportFile.js'
import type { EmailUpdate } from '../../forms-service/store/outboxStore.js'
import { emptyData, recordShapes, type Collection, type Data } from '../../forms-service/store/records.js'
import { openStore } from '../../forms-service/store/store.js'
import { defaultConfig } from '../../forms-service/config.js'
import { freshStore, tempDir, validConsultation, validContact } from './helpers.js'

// Records of every collection made from their declared shapes (forms-service/store/records.ts recordShapes),
// every optional field by itself present or not, sent through the store, its export file and a fresh start
// on the same data: equal in, equal out. A field declared is a field both stores keep, or this fails.

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }).map((at) => at.toISOString())
const word = fc.string({ minLength: 1, maxLength: 40 })

/** A value for a field of the given kind; values a field's check refuses (a text that must hold '@') are given in `special`. */
function valueFor(field: Field): fc.Arbitrary<unknown> {
  if (field.values && field.kind === 'list') return fc.subarray([...field.values], { minLength: 1 })
  if (field.values) return fc.constantFrom(...field.values)
  if (field.kind === 'time') return instant
  if (field.kind === 'integer') return fc.nat({ max: 50 })
  if (field.kind === 'text') return word.filter(field.check)
  throw new Error('a json field needs its value in `special`')
}

// The fields whose values are objects, or texts with a rule of their own. A json field added to a shape
// without its value here fails the test, naming it.
type Special = { [C in Collection]?: { [K in keyof (typeof recordShapes)[C]]?: fc.Arbitrary<unknown> } }
const special: Special = {
  consultations: {
    // A meeting comes with its cells and the booking settings: tests/service/postgres.test.ts moves records with meetings.
    meeting: fc.constant(undefined),
    statusChanges: fc.array(fc.record({ status: fc.constantFrom('contacted', 'closed', 'spam'), at: instant }), { maxLength: 2 }),
  },
  contacts: { statusChanges: fc.array(fc.record({ status: fc.constantFrom('contacted', 'closed'), at: instant }), { maxLength: 2 }) },
  newsletterSubscribers: {
    email: fc.emailAddress(),
    source: fc.record({ utm_source: word, landing: fc.constant('/blog') }, { requiredKeys: [] }),
  },
  emails: {
    // About an id no day email has: the day emails are unique per day (postgres/migrations.ts).
    about: fc.record({ collection: fc.constantFrom('consultations', 'contacts', 'newsletterSubscribers', 'invitations', 'accounts'), id: fc.uuid() }),
    kind: fc.constantFrom(...emailNames),
    queuedFrom: fc.record({ client: word, network: word }),
  },
  apiTokens: { tokenHash: fc.stringMatching(/^[\w-]{43}$/) },
  accounts: { email: fc.emailAddress(), recoveryCodes: fc.array(word, { maxLength: 3 }), totpTimeStep: fc.integer({ min: 0, max: 2 ** 40 }) },
  // A WebAuthn counter is 32 bits: more than PostgreSQL's integer holds.
  passkeys: { transports: fc.array(fc.constantFrom('internal', 'hybrid', 'usb'), { maxLength: 2 }), counter: fc.nat({ max: 2 ** 32 - 1 }) },
  invitations: { email: fc.emailAddress() },
  recipients: { id: fc.uuid() },
  blockedPosts: {
    caughtBy: fc.record({ kind: fc.constantFrom('email', 'client'), value: word }),
    form: fc.constant('contact'),
    fields: fc.constant(validContact()),
  },
}

/** A record of `shape`: every required field, each optional one or not. */
function recordOf<S extends Shape>(shape: S, given: Partial<Record<string, fc.Arbitrary<unknown>>> = {}): fc.Arbitrary<RecordOf<S>> {
  const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, given[name] ?? valueFor(field)]))
  const required = Object.entries(shape)
    .filter(([, field]) => !field.optional)
    .map(([name]) => name)
  return fc
    .record(fields, { requiredKeys: required })
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as RecordOf<S>)
}

/** Several records of a collection, their ids (and the keys a table holds unique) distinct. */
const many = <C extends Collection>(
  collection: C,
  made: (record: Data[C][number]) => Data[C][number] = (record) => record,
  unique?: (record: Data[C][number]) => string,
) =>
  fc.uniqueArray(
    recordOf(recordShapes[collection], special[collection]).map((record) => made(record as Data[C][number])),
    { maxLength: 3, selector: (record) => (unique ? unique(record) : record.id) },
  )
/**
 * A lead's form fields, and its triage as the stores write it (store/plans.ts triageSet): a status with the
 * changes that led to it, a note with its time. PostgreSQL keeps them in columns that default to 'new' and ''
 * (postgres/rows.ts inboxRecord), so a status 'new' with no change, or a note with no time, is the lead without them.
 */
const lead =
  <T extends InboxRecord>(fields: Record<string, unknown>) =>
  (record: T): T => {
    const { status: _status, statusChanges, note, noteUpdatedAt, ...rest } = record
    const changes = statusChanges?.length ? statusChanges : undefined
    return {
      ...fields,
      ...rest,
      ...(changes ? { status: changes.at(-1)!.status, statusChanges: changes } : {}),
      ...(note !== undefined && noteUpdatedAt !== undefined ? { note, noteUpdatedAt } : {}),
    } as T
  }

const data: fc.Arbitrary<Data> = fc.record({
  consultations: many('consultations', lead(validConsultation()), (record) => `${record.id} ${record.submissionKey ?? ''}`),
  contacts: many('contacts', lead(validContact()), (record) => `${record.id} ${record.submissionKey ?? ''}`),
  newsletterSubscribers: many('newsletterSubscribers', undefined, (record) => record.email.toLowerCase()),
  emails: many('emails'),
  apiTokens: many('apiTokens', undefined, (record) => record.tokenHash),
  blocked: many('blocked', undefined, (record) => `${record.kind} ${record.value}`),
  blockedPosts: many('blockedPosts'),
  // PostgreSQL lists recipients by their key: uuids, in the same order in any collation.
  recipients: many('recipients').map((recipients) => recipients.sort((a, b) => (a.id < b.id ? -1 : 1))),
  // A live address has one account (PostgreSQL's unique index).
  accounts: many('accounts', undefined, (record) => record.email.toLowerCase()),
  // PostgreSQL lists sessions by when they began.
  sessions: many('sessions', undefined, (record) => record.tokenHash).map((sessions) =>
    sessions.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1)),
  ),
  invitations: many('invitations'),
  auditTrail: many('auditTrail'),
  passkeys: many('passkeys'),
  deskSettings: many('deskSettings'),
} satisfies { [C in Collection]: fc.Arbitrary<Data[C]> })

/** An outcome a sender or the admin may set, every field by itself present or not (as the stores write them). */
const { id: _id, about: _about, kind: _kind, createdAt: _createdAt, ...updatable } = recordShapes.emails
const emailUpdate = recordOf(updatable, special.emails).map((set) => set as Omit<EmailUpdate, 'message'>)

it('keeps every declared field of every collection through the store, its export file and a fresh start', async () => {
  await fc.assert(
    fc.asyncProperty(data, emailUpdate, async (arrived, later) => {
      // Distinct ids across the two inboxes and one email to change later.
      fc.pre(
        new Set([...arrived.consultations, ...arrived.contacts].map((record) => record.id)).size === arrived.consultations.length + arrived.contacts.length,
      )
      const stored: Data = { ...emptyData(), ...arrived }
      const { dataFile, databaseUrl } = await freshStore()
      const config = { ...defaultConfig, dataFile, databaseUrl }
      const [first, ...rest] = stored.emails
      const updated: Data = first ? { ...stored, emails: [{ ...first, ...later }, ...rest] } : stored
      const store = await openStore(config)
      try {
        await store.importData(stored)
        expect(await store.exportData()).toEqual(stored)
        if (first) await store.updateEmail(first.id, later)
        expect(await store.exportData()).toEqual(updated)
        const file = path.join(tempDir(), 'export.json')
        await writeExport(file, await store.exportData())
        expect(await readExport(file)).toEqual(updated)
      } finally {
        await store.close()
      }
      // A fresh start on the same file or database reads it back as it was written.
      const again = await openStore(config)
      try {
        expect(await again.exportData()).toEqual(updated)
      } finally {
        await again.close()
      }
    }),
    { numRuns: 12 },
  )
})
