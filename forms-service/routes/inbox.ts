import path from 'node:path'
import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import { api, type InboxEndpoints } from '../../contract/api.js'
import type { InboxView } from '../../contract/records.js'
import { statusOf, type InboxCollection, type InboxRecord } from '../store/inboxQuery.js'
import type { FormStore } from '../store/formStore.js'
import type { StoredRecord } from '../store/records.js'
import type { Middleware } from 'koa'
import { validateInboxChange, validateInboxQuery } from '../validators.js'
import { consultationColumns, messageColumns, toCsv, type Column } from './inboxCsv.js'
import { emailView } from './outbox.js'
import { answer, route } from './route.js'

// A CSV export is one answer of every match; 100,000 records make about 30 MB.
const exportLimit = Number.MAX_SAFE_INTEGER

/**
 * The agency's inbox: consultation requests and contact messages, with status, note, delete and CSV
 * export; the summary the navigation counts from; and erasing a subscriber.
 */
export function inboxRoutes(auth: AdminAuth, store: FormStore, corsOrigins: readonly string[]): Router {
  const { router, admin } = adminRouter(auth, corsOrigins)

  route(router, api.admin.summary, ...admin, async (ctx) => {
    const summary = async (collection: InboxCollection) => {
      const counts = await store.counts(collection)
      return { new: counts.new, total: counts.new + counts.contacted + counts.closed }
    }
    answer(ctx, api.admin.summary, {
      consultations: await summary('consultations'),
      messages: await summary('contacts'),
      subscribers: { total: (await store.subscribers()).length },
    })
  })

  serveInbox(router, admin, store, api.admin.consultations, 'consultations', consultationColumns)
  serveInbox(router, admin, store, api.admin.messages, 'contacts', messageColumns)

  route(router, api.admin.removeSubscriber, ...admin, async (ctx) => {
    if (!(await store.remove('newsletterSubscribers', ctx.params.id!))) throw notFound()
    ctx.status = 204
  })
  return router
}

/** What the admin reads of a record (contract/records.ts): its status and full history, and a note that is never missing. */
export function view<R extends InboxRecord>(record: R): InboxView<R> {
  const { status: _status, statusChanges, note, submissionKey: _submissionKey, ...fields } = record
  return {
    ...fields,
    status: statusOf(record),
    statusHistory: [{ status: 'new' as const, at: record.receivedAt }, ...(statusChanges ?? [])],
    note: note ?? '',
  }
}

/** An inbox (requests or messages): its list, CSV export, record, change and delete. */
function serveInbox<C extends InboxCollection>(
  router: Router,
  admin: Middleware[],
  store: FormStore,
  endpoints: InboxEndpoints<InboxView<StoredRecord<C>>>,
  collection: C,
  columns: Column<StoredRecord<C>>[],
): void {
  route(router, endpoints.list, ...admin, async (ctx) => {
    const query = listQuery(ctx, validateInboxQuery)
    const page = await store.list(collection, query)
    answer(ctx, endpoints.list, { items: page.items.map(view), total: page.total, offset: query.offset, limit: query.limit })
  })
  route(router, endpoints.csv, ...admin, async (ctx) => {
    const { items } = await store.list(collection, { ...listQuery(ctx, validateInboxQuery), offset: 0, limit: exportLimit })
    ctx.type = 'text/csv; charset=utf-8'
    ctx.attachment(path.posix.basename(endpoints.csv.path))
    answer(ctx, endpoints.csv, toCsv(columns, items))
  })
  const detail = async (record: StoredRecord<C>) => ({ ...view(record), emails: (await store.emailsAbout(collection, record.id)).map(emailView) })
  route(router, endpoints.record, ...admin, async (ctx) => {
    answer(ctx, endpoints.record, await detail(found(await store.find(collection, ctx.params.id!))))
  })
  route(
    router,
    endpoints.update,
    ...admin,
    ...jsonBody,
    // The body as sent, not the trimmed form: an empty note clears the note.
    validateBody(validateInboxChange, {}, async (ctx, { body }) => {
      answer(ctx, endpoints.update, await detail(found(await store.update(collection, ctx.params.id!, body))))
    }),
  )
  route(router, endpoints.remove, ...admin, async (ctx) => {
    if (!(await store.remove(collection, ctx.params.id!))) throw notFound()
    ctx.status = 204
  })
}

const notFound = () => createError(404, 'No such record')

function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound()
  return record
}
