import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import { isOverdue, overdueAfterMs, type InboxBulk, type InboxChange } from '../../contract/inbox.js'
import { statusOf, type InboxCollection, type InboxRecord } from '../store/inboxQuery.js'
import type { FormStore } from '../store/formStore.js'
import type { Retention } from '../retention.js'
import { validateInboxBulk, validateInboxChange, validateInboxQuery } from '../validators.js'
import { consultationColumns, messageColumns, toCsv, type InboxWords } from './inboxCsv.js'
import { emailView } from './outbox.js'

/** URL name -> collection and CSV layout of each inbox. */
const inboxes = {
  consultations: { collection: 'consultations', columns: consultationColumns },
  messages: { collection: 'contacts', columns: messageColumns },
} as const satisfies Record<string, { collection: InboxCollection; columns: unknown }>

/** The URL name of each inbox, for links to a record. */
const inboxName = { consultations: 'consultations', contacts: 'messages' } as const satisfies Record<InboxCollection, keyof typeof inboxes>

// A CSV export is one answer of every match; 100,000 records make about 30 MB.
const exportLimit = Number.MAX_SAFE_INTEGER

/**
 * The agency's inbox: consultation requests and contact messages, with status, note, delete and CSV
 * export; the summary the navigation counts from; and erasing a subscriber.
 */
export function inboxRoutes(
  auth: AdminAuth,
  store: FormStore,
  corsOrigins: readonly string[],
  options: { now: () => Date; words: InboxWords; retention: Retention | null },
): Router {
  const { router, admin } = adminRouter(auth, corsOrigins)
  const { now, words } = options
  const overdueBefore = () => new Date(now().getTime() - overdueAfterMs).toISOString()
  const view = (record: InboxRecord) => recordView(record, now())

  router.get('/summary', ...admin, async (ctx) => {
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
    ctx.body = {
      consultations: await summary('consultations'),
      messages: await summary('contacts'),
      subscribers: { total: (await store.subscribers()).length },
      retention: options.retention?.summary() ?? null,
    }
  })

  for (const [name, { collection, columns }] of Object.entries(inboxes)) {
    router.get(`/${name}`, ...admin, async (ctx) => {
      const query = listQuery(ctx, validateInboxQuery)
      const page = await store.list(collection, { ...query, overdueBefore: overdueBefore() })
      ctx.body = { items: page.items.map(view), total: page.total, offset: query.offset, limit: query.limit }
    })
    router.get(`/${name}.csv`, ...admin, async (ctx) => {
      const query = listQuery(ctx, validateInboxQuery)
      const { items } = await store.list(collection, { ...query, overdueBefore: overdueBefore(), offset: 0, limit: exportLimit })
      ctx.type = 'text/csv; charset=utf-8'
      ctx.attachment(`${name}.csv`)
      ctx.body = toCsv((columns as typeof consultationColumns)(words), items as never)
    })
    router.post(`/${name}/bulk`, ...admin, ...jsonBody, validateBody(validateInboxBulk), async (ctx) => {
      const bulk = ctx.request.body as InboxBulk
      let changed = 0
      for (const id of bulk.ids) {
        if (bulk.delete) changed += (await store.remove(collection, id)) ? 1 : 0
        else if (await store.update(collection, id, { status: bulk.status! })) changed++
      }
      ctx.body = { changed }
    })
    const detail = async (record: InboxRecord) => {
      const same = await store.byAddress(record.email)
      const others = (records: readonly InboxRecord[]) =>
        records.filter((other) => other.id !== record.id).map((other) => ({ id: other.id, receivedAt: other.receivedAt, status: statusOf(other) }))
      return {
        ...view(record),
        emails: (await store.emailsAbout(collection, record.id)).map(emailView),
        // One person, one history: the same address's other requests, messages and subscription, newest first.
        related: {
          consultations: others(same.consultations),
          messages: others(same.contacts),
          subscriber: same.subscriber && { id: same.subscriber.id, subscribedAt: same.subscriber.subscribedAt },
        },
      }
    }
    router.get(`/${name}/:id`, ...admin, async (ctx) => {
      ctx.body = await detail(found(await store.find(collection, ctx.params.id!)))
    })
    router.patch(`/${name}/:id`, ...admin, ...jsonBody, validateBody(validateInboxChange), async (ctx) => {
      // The body as sent, not the trimmed form: an empty note clears the note.
      const change = ctx.request.body as InboxChange
      ctx.body = await detail(found(await store.update(collection, ctx.params.id!, change)))
    })
    router.delete(`/${name}/:id`, ...admin, async (ctx) => {
      if (!(await store.remove(collection, ctx.params.id!))) throw notFound()
      ctx.status = 204
    })
  }

  router.delete('/newsletter-subscribers/:id', ...admin, async (ctx) => {
    if (!(await store.remove('newsletterSubscribers', ctx.params.id!))) throw notFound()
    ctx.status = 204
  })
  return router
}

/** What the admin reads of a record: its status and full history, a note that is never missing, and whether it is overdue at `now`. */
export function recordView(record: InboxRecord, now: Date) {
  const { status: _status, statusChanges, note, submissionKey: _submissionKey, ...fields } = record
  const status = statusOf(record)
  return {
    ...fields,
    status,
    statusHistory: [{ status: 'new' as const, at: record.receivedAt }, ...(statusChanges ?? [])],
    note: note ?? '',
    overdue: isOverdue({ status, receivedAt: record.receivedAt }, now),
  }
}

export { inboxName }

const notFound = () => createError(404, 'No such record')

function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound()
  return record
}
