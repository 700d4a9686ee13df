import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import type { InboxChange } from '../../contract/inbox.js'
import { statusOf, type InboxCollection, type InboxRecord } from '../store/inboxQuery.js'
import type { FormStore } from '../store/formStore.js'
import { validateInboxChange, validateInboxQuery } from '../validators.js'
import { consultationColumns, messageColumns, toCsv } from './inboxCsv.js'
import { emailView } from './outbox.js'

/** URL name -> collection and CSV layout of each inbox. */
const inboxes = {
  consultations: { collection: 'consultations', columns: consultationColumns },
  messages: { collection: 'contacts', columns: messageColumns },
} as const satisfies Record<string, { collection: InboxCollection; columns: unknown }>

// A CSV export is one answer of every match; 100,000 records make about 30 MB.
const exportLimit = Number.MAX_SAFE_INTEGER

/**
 * The agency's inbox: consultation requests and contact messages, with status, note, delete and CSV
 * export; the summary the navigation counts from; and erasing a subscriber.
 */
export function inboxRoutes(auth: AdminAuth, store: FormStore, corsOrigins: readonly string[]): Router {
  const { router, admin } = adminRouter(auth, corsOrigins)

  router.get('/summary', ...admin, async (ctx) => {
    const summary = async (collection: InboxCollection) => {
      const counts = await store.counts(collection)
      return { new: counts.new, total: counts.new + counts.contacted + counts.closed }
    }
    ctx.body = {
      consultations: await summary('consultations'),
      messages: await summary('contacts'),
      subscribers: { total: (await store.subscribers()).length },
    }
  })

  for (const [name, { collection, columns }] of Object.entries(inboxes)) {
    router.get(`/${name}`, ...admin, async (ctx) => {
      const query = listQuery(ctx, validateInboxQuery)
      const page = await store.list(collection, query)
      ctx.body = { items: page.items.map(view), total: page.total, offset: query.offset, limit: query.limit }
    })
    router.get(`/${name}.csv`, ...admin, async (ctx) => {
      const { items } = await store.list(collection, { ...listQuery(ctx, validateInboxQuery), offset: 0, limit: exportLimit })
      ctx.type = 'text/csv; charset=utf-8'
      ctx.attachment(`${name}.csv`)
      ctx.body = toCsv(columns as typeof consultationColumns, items as never)
    })
    const detail = async (record: InboxRecord) => ({ ...view(record), emails: (await store.emailsAbout(collection, record.id)).map(emailView) })
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

/** What the admin reads of a record: its status and full history, and a note that is never missing. */
export function view(record: InboxRecord) {
  const { status: _status, statusChanges, note, submissionKey: _submissionKey, ...fields } = record
  return {
    ...fields,
    status: statusOf(record),
    statusHistory: [{ status: 'new' as const, at: record.receivedAt }, ...(statusChanges ?? [])],
    note: note ?? '',
  }
}

const notFound = () => createError(404, 'No such record')

function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound()
  return record
}
