import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Router } from '@koa/router'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter } from './adminRouter.js'
import type { EmailRecord } from '../store/records.js'
import type { FormStore } from '../store/formStore.js'

export interface OutboxInfo {
  /** Where emails go: an SMTP server, or the local folder (`folder`). */
  delivery: 'smtp' | 'folder'
  /** The local outbox folder, when `delivery` is 'folder'. */
  folder: string | null
}

const states = new Set<EmailRecord['state']>(['queued', 'sent', 'failed'])

/** The admin's outbox: every email with its state, the local copy of one, and Resend. */
export function outboxRoutes(auth: AdminAuth, store: FormStore, outbox: OutboxInfo, corsOrigins: readonly string[]): Router {
  const { router, admin } = adminRouter(auth, corsOrigins)

  router.get('/outbox', ...admin, async (ctx) => {
    const { state, offset = '0', limit = '50', ...unknown } = ctx.query
    const valid =
      Object.keys(unknown).length === 0 &&
      (state === undefined || states.has(state as EmailRecord['state'])) &&
      typeof offset === 'string' && /^\d{1,9}$/.test(offset) &&
      typeof limit === 'string' && /^(?:[1-9]\d?|1\d\d|200)$/.test(limit)
    if (!valid) throw createError(400, 'Invalid query: state (queued, sent or failed), offset and limit (1 to 200) are accepted')
    const page = await store.listEmails({ state: state as EmailRecord['state'] | undefined, offset: Number(offset), limit: Number(limit) })
    ctx.body = { ...page, items: page.items.map(emailView), offset: Number(offset), limit: Number(limit), delivery: outbox.delivery }
  })

  // The message exactly as written to the local outbox, to read in the browser.
  router.get('/outbox/:id/message', ...admin, async (ctx) => {
    const email = await store.find('emails', ctx.params.id!)
    if (!email?.file || !outbox.folder) throw createError(404, 'No local copy of this email')
    ctx.type = 'text/plain; charset=utf-8'
    ctx.set('Content-Disposition', `inline; filename="${email.file}"`)
    ctx.body = await readFile(path.join(outbox.folder, path.basename(email.file)))
  })

  router.post('/emails/:id/resend', ...admin, async (ctx) => {
    const now = new Date().toISOString()
    const email = await store.updateEmail(ctx.params.id!, { state: 'queued', nextAttemptAt: now, queuedAt: now })
    if (!email) throw createError(404, 'No such email')
    ctx.status = 202
    ctx.body = emailView(email)
  })
  return router
}

/** What the admin sees of an email. */
export function emailView(email: EmailRecord) {
  const { nextAttemptAt, queuedAt: _queuedAt, ...view } = email
  return email.state === 'queued' ? { ...view, nextAttemptAt } : view
}
