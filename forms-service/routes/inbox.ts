import path from 'node:path'
import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { actorId, actorOf, type AdminAuth } from '../middleware/adminAuth.js'
import { actorNames, namesOf, type ActorNames } from '../people/actorNames.js'
import { isPersonAtDesk } from '../people/leadOwner.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { owed } from '../middleware/requestLog.js'
import { validateBody } from '../middleware/validateBody.js'
import { adminApi, type InboxEndpoints } from '../../contract/wire/adminApi.js'
import { isOverdue, overdueAfterMs } from '../../contract/wire/inbox.js'
import { awaitsMark, pastAgendaFrom } from '../../contract/wire/meetingApi.js'
import { zonedInstant } from '../../contract/booking/booking.js'
import type { InboxView, RelatedRecords, Summary } from '../../contract/wire/records.js'
import { resolvePeriod } from '../overview/figures.js'
import { statusOf, type InboxCollection, type InboxRecord } from '../store/inboxQuery.js'
import type { FormStore } from '../store/formStore.js'
import type { LeadFollow } from '../store/inboxStore.js'
import { meetingEmailKinds } from '../outbox/render.js'
import type { StoredRecord } from '../store/records.js'
import type { Retention } from '../retention.js'
import { validateInboxBulk, validateInboxChange, validateInboxQuery } from '../validators.js'
import { consultationColumns, messageColumns, toCsv, type Column } from './inboxCsv.js'
import type { InboxWords } from '../contentWords.js'
import { emailView, supersession } from './outbox.js'
import { answer, route, sameRouter, serveGroup, type EndpointKeys, type Serves } from './route.js'

// A CSV export is one answer of every match; 100,000 records make about 30 MB.
const exportLimit = Number.MAX_SAFE_INTEGER

export interface InboxOptions {
  now: () => Date
  /** content/site.json's promise to answer a lead, in hours: after it a New lead is overdue. */
  answerWithinHours: number
  /** The admin screens' words, for the CSV's headers and statuses. */
  words: InboxWords
  retention: Retention | null
}

/**
 * The agency's inbox: consultation requests and contact messages, with status, note, delete, bulk
 * changes and CSV export; the summary the navigation counts from; and erasing a subscriber.
 */
export function inboxRoutes(auth: AdminAuth, store: FormStore, corsOrigins: readonly string[], options: InboxOptions) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  const overdueBefore = () => new Date(options.now().getTime() - overdueAfterMs(options.answerWithinHours)).toISOString()

  // The days of the agenda's Past view, up to this very millisecond (meetingsBetween's end is not included).
  const begunMeetings = () =>
    store.meetingsBetween(zonedInstant(pastAgendaFrom(options.now()), 0).toISOString(), new Date(options.now().getTime() + 1).toISOString())
  route(router, adminApi.summary, ...admin, async (ctx) => {
    const summary = async (collection: InboxCollection) => {
      const counts = await store.counts(collection)
      // Spam is counted apart, never with the leads.
      return {
        new: counts.new,
        overdue: await store.countOverdue(collection, overdueBefore()),
        spam: counts.spam,
        total: counts.new + counts.contacted + counts.closed,
      }
    }
    answer(ctx, adminApi.summary, {
      consultations: await summary('consultations'),
      messages: await summary('contacts'),
      subscribers: { total: (await store.subscribers()).length },
      meetings: { unmarked: (await begunMeetings()).filter((record) => record.status !== 'spam' && awaitsMark(record.meeting, options.now())).length },
      retention: options.retention?.summary() ?? null,
      blocked: await blockedThisWeek(store, options.now()),
    })
  })

  const inbox = { router, admin, store, options, overdueBefore, auth }
  const consultations = serveInbox(inbox, adminApi.consultations, 'consultations', (names) => consultationColumns({ ...options, names }))
  const messages = serveInbox(inbox, adminApi.messages, 'contacts', (names) => messageColumns({ ...options, names }))

  route(router, adminApi.removeSubscriber, ...admin, async (ctx) => {
    if (!(await store.remove('newsletterSubscribers', ctx.params.id!))) throw notFound()
    // The trail keeps that it happened, not the address it erased.
    await auth.audit(ctx, 'subscriber-removed')
    ctx.status = 204
  })
  return sameRouter(router, consultations, messages)
}

/**
 * What the admin reads of a record (contract/wire/records.ts): its status and full history, a note that is
 * never missing, whether it is overdue at `now`, and the names of who changed it.
 */
export function view<R extends InboxRecord>(record: R, now: Date, answerWithinHours: number, names: ActorNames): InboxView<R> {
  const {
    status: _status,
    statusChanges,
    note,
    submissionKey: _submissionKey,
    clientKey: _clientKey,
    networkKey: _networkKey,
    ...fields
  } = record as R & { clientKey?: string; networkKey?: string }
  const status = statusOf(record)
  return {
    ...fields,
    status,
    statusHistory: [{ status: 'new' as const, at: record.receivedAt }, ...(statusChanges ?? [])],
    note: note ?? '',
    overdue: isOverdue({ status, receivedAt: record.receivedAt }, now, answerWithinHours),
    names: namesIn(record, names),
  }
}

/** Who a record's history names: its status changes', its note's and its meeting's. */
function namesIn(record: InboxRecord, names: ActorNames): Record<string, string> {
  const actors = [
    ...(record.statusChanges ?? []).map((change) => change.by),
    record.noteUpdatedBy,
    record.owner,
    ...('meeting' in record && record.meeting ? record.meeting.history.map((change) => change.by) : []),
  ]
  return namesOf(actors, names)
}

interface Inbox {
  router: Router
  admin: Middleware[]
  store: FormStore
  options: InboxOptions
  overdueBefore: () => string
  auth: AdminAuth
}

/** An inbox (requests or messages): its list, CSV export, record, change, delete and bulk changes. */
function serveInbox<C extends InboxCollection, E extends InboxEndpoints<InboxView<StoredRecord<C>>>>(
  { router, admin, store, options, overdueBefore, auth }: Inbox,
  served: E,
  collection: C,
  columns: (names: ActorNames) => Column<StoredRecord<C>>[],
) {
  const endpoints: InboxEndpoints<InboxView<StoredRecord<C>>> = served
  // What the trail says of erased leads: how many, never who.
  const counted = (count: number) => `${count} ${collection === 'contacts' ? 'message' : 'request'}${count === 1 ? '' : 's'}`
  const seen = (names: ActorNames) => (record: StoredRecord<C>) => view(record, options.now(), options.answerWithinHours, names)
  const detail = async (record: StoredRecord<C>) => ({
    ...seen(await actorNames(store))(record),
    emails: await Promise.all((await store.emailsAbout(collection, record.id)).map(async (email) => emailView(email, await supersession(store, email)))),
    related: await related(store, record),
  })
  serveGroup(router, endpoints, {
    list: [
      ...admin,
      async (ctx) => {
        const query = listQuery(ctx, validateInboxQuery)
        const page = await store.list(collection, { ...query, overdueBefore: overdueBefore() })
        answer(ctx, endpoints.list, { items: page.items.map(seen(await actorNames(store))), total: page.total, offset: query.offset, limit: query.limit })
      },
    ],
    csv: [
      ...admin,
      async (ctx) => {
        const { items } = await store.list(collection, { ...listQuery(ctx, validateInboxQuery), overdueBefore: overdueBefore(), offset: 0, limit: exportLimit })
        ctx.type = 'text/csv; charset=utf-8'
        ctx.attachment(path.posix.basename(endpoints.csv.path))
        answer(ctx, endpoints.csv, toCsv(columns(await actorNames(store)), items))
        await auth.audit(ctx, 'exported', `${items.length} ${collection === 'contacts' ? 'messages' : 'requests'} as CSV`)
      },
    ],
    bulk: [
      ...admin,
      ...jsonBody,
      validateBody(validateInboxBulk, {}, async (ctx, { body }) => {
        let changed = 0
        for (const id of body.ids) {
          if (body.delete) changed += (await store.remove(collection, id)) ? 1 : 0
          else if (await store.update(collection, id, { status: body.status!, ...cancelMeeting(body), by: actorId(actorOf(ctx)) }, follow(ctx))) changed++
        }
        if (body.delete && changed > 0) await auth.audit(ctx, 'leads-deleted', counted(changed))
        answer(ctx, endpoints.bulk, { changed })
      }),
    ],
    record: [
      ...admin,
      async (ctx) => {
        answer(ctx, endpoints.record, await detail(found(await store.find(collection, ctx.params.id!))))
      },
    ],
    update: [
      ...admin,
      ...jsonBody,
      // The body as sent, not the trimmed form: an empty note clears the note.
      validateBody(validateInboxChange, {}, async (ctx, { body }) => {
        if (body.owner !== undefined && !(await isPersonAtDesk(store, body.owner))) {
          throw createError(400, 'Validation failed', { fields: { owner: 'This person is not at the desk: choose another' } })
        }
        const change = { ...body, by: actorId(actorOf(ctx)) }
        answer(ctx, endpoints.update, await detail(found(await store.update(collection, ctx.params.id!, change, follow(ctx)))))
      }),
    ],
    remove: [
      ...admin,
      async (ctx) => {
        if (!(await store.remove(collection, ctx.params.id!))) throw notFound()
        await auth.audit(ctx, 'leads-deleted', counted(1))
        ctx.status = 204
      },
    ],
  })
  // `served` is `endpoints`, typed with its own paths.
  return router as Router & Serves<EndpointKeys<E>>
}

/** One person, one history: the same address's other requests, messages and subscription, newest first. */
async function related(store: FormStore, record: InboxRecord): Promise<RelatedRecords> {
  const same = await store.byAddress(record.email)
  const others = (records: readonly InboxRecord[]) =>
    records.filter((other) => other.id !== record.id).map((other) => ({ id: other.id, receivedAt: other.receivedAt, status: statusOf(other) }))
  return {
    consultations: others(same.consultations),
    messages: others(same.contacts),
    subscriber: same.subscriber ? { id: same.subscriber.id, subscribedAt: same.subscriber.subscribedAt } : null,
  }
}

/** A cancellation the agency chose tells the visitor (METHOD:CANCEL) and the agency, as the agenda's Cancel does. */
const follow = (ctx: Context): LeadFollow => ({ cancelledEmails: owed(ctx, meetingEmailKinds.cancelled) })

const cancelMeeting = (body: { cancelMeeting?: boolean }) => (body.cancelMeeting === undefined ? {} : { cancelMeeting: body.cancelMeeting })

const notFound = () => createError(404, 'No such record')

function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound()
  return record
}

/** The posts the block list caught this week, as the Overview's week counts them (from Monday, in the agency's zone), and all it keeps. */
async function blockedThisWeek(store: FormStore, now: Date): Promise<Summary['blocked']> {
  const week = resolvePeriod({ period: 'week' }, now)
  if (typeof week === 'string') throw new Error(week)
  const total = await store.blockedPosts({ offset: 0, limit: 1 })
  return { thisWeek: await store.countBlockedPosts(week.currentStart, week.currentEnd), total: total.total }
}
