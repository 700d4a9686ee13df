import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { validateOutboxQuery } from '../validators.js'
import { adminApi } from '../../contract/adminApi.js'
import type { EmailRecord, EmailView } from '../../contract/records.js'
import { answer, route } from './route.js'
import type { FormStore } from '../store/formStore.js'

export interface OutboxInfo {
  /** Where emails go: an SMTP server, or the local folder (`folder`). */
  delivery: 'smtp' | 'folder'
  /** The local outbox folder, when `delivery` is 'folder'. */
  folder: string | null
}

/** The admin's outbox: every email with its state, the local copy of one, and Resend. */
export function outboxRoutes(auth: AdminAuth, store: FormStore, outbox: OutboxInfo, corsOrigins: readonly string[]): Router {
  const { router, admin } = adminRouter(auth, corsOrigins)

  route(router, adminApi.outbox, ...admin, async (ctx) => {
    const query = listQuery(ctx, validateOutboxQuery)
    const page = await store.listEmails(query)
    answer(ctx, adminApi.outbox, { ...page, items: page.items.map(emailView), offset: query.offset, limit: query.limit, delivery: outbox.delivery })
  })

  // The message exactly as written to the local outbox, to read in the browser.
  route(router, adminApi.emailMessage, ...admin, async (ctx) => {
    const email = await store.find('emails', ctx.params.id!)
    if (!email?.file || !outbox.folder) throw createError(404, 'No local copy of this email')
    ctx.type = 'text/plain; charset=utf-8'
    ctx.set('Content-Disposition', `inline; filename="${email.file}"`)
    ctx.body = await readFile(path.join(outbox.folder, path.basename(email.file)))
  })

  route(router, adminApi.resendEmail, ...admin, async (ctx) => {
    const now = new Date().toISOString()
    const email = await store.updateEmail(ctx.params.id!, {
      state: 'queued',
      nextAttemptAt: now,
      queuedAt: now,
      resentAt: now,
      queuedByRequest: ctx.state.requestId as string,
    })
    if (!email) throw createError(404, 'No such email')
    answer(ctx, adminApi.resendEmail, emailView(email), 202)
  })
  return router
}

/** What the admin sees of an email (contract/records.ts). */
export function emailView(email: EmailRecord): EmailView {
  const { nextAttemptAt, queuedAt: _queuedAt, queuedByRequest: _request, recipientKey: _key, recipientAt: _at, resentAt: _resent, heldFor, ...view } = email
  // A reason outlives its hold in the embedded journal (a Resend cannot unset a field): shown only while held.
  return email.state === 'queued' ? { ...view, nextAttemptAt } : email.state === 'held' ? { ...view, heldFor } : view
}
