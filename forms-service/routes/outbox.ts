import { readFile } from 'node:fs/promises'
import path from 'node:path'
import createError from 'http-errors'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { requestIdOf } from '../middleware/requestLog.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { validateOutboxQuery } from '../validators.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import type { EmailRecord, EmailView } from '../../contract/wire/records.js'
import { answer, route } from './route.js'
import type { FormStore } from '../store/formStore.js'
import { isMissing } from '../store/files.js'
import { supersededBecause } from '../email/meetingEmails.js'
import { emailKinds, isEmailName } from '../outbox/kinds.js'

export interface OutboxInfo {
  /** Where emails go: an SMTP server, or the local folder (`folder`). */
  delivery: 'smtp' | 'folder'
  /** The local outbox folder, when `delivery` is 'folder'. */
  folder: string | null
}

/** The admin's outbox: every email with its state, the local copy of one, and Resend. */
export function outboxRoutes(auth: AdminAuth, store: FormStore, outbox: OutboxInfo, corsOrigins: readonly string[]) {
  const { router, admin } = adminRouter(auth, corsOrigins)

  route(router, adminApi.outbox, ...admin, async (ctx) => {
    const query = listQuery(ctx, validateOutboxQuery)
    const page = await store.listEmails(query)
    const items = await Promise.all(page.items.map(async (email) => emailView(email, await supersession(store, email))))
    answer(ctx, adminApi.outbox, { ...page, items, offset: query.offset, limit: query.limit, delivery: outbox.delivery })
  })

  // The message exactly as written to the local outbox, to read in the browser: from the database, where
  // PostgreSQL keeps it for every replica, else from this process's folder.
  route(router, adminApi.emailMessage, ...admin, async (ctx) => {
    const email = await store.find('emails', ctx.params.id!)
    if (!email) throw createError(404, 'No such email')
    if (!email.file) throw createError(404, 'This email was not written to an outbox folder, so there is no copy to show')
    const message = (await store.emailMessage(email.id)) ?? (outbox.folder ? await readCopy(path.join(outbox.folder, path.basename(email.file))) : null)
    if (message === null) {
      throw createError(
        404,
        `The copy of this email (${path.basename(email.file)}) is not in this server's outbox folder: another replica wrote it to its own folder, or the file was removed`,
      )
    }
    ctx.type = 'text/plain; charset=utf-8'
    ctx.set('Content-Disposition', `inline; filename="${path.basename(email.file)}"`)
    ctx.body = message
  })

  route(router, adminApi.resendEmail, ...admin, async (ctx) => {
    const queued = await store.find('emails', ctx.params.id!)
    if (!queued) throw createError(404, 'No such email')
    // It would fail again at once: say why instead.
    const superseded = await supersession(store, queued)
    if (superseded) throw createError(409, superseded)
    const now = new Date().toISOString()
    const email = await store.updateEmail(ctx.params.id!, {
      state: 'queued',
      nextAttemptAt: now,
      queuedAt: now,
      resentAt: now,
      queuedByRequest: requestIdOf(ctx),
    })
    if (!email) throw createError(404, 'No such email')
    await auth.audit(ctx, 'email-resent', email.to ? `${email.kind} to ${email.to}` : email.kind)
    answer(ctx, adminApi.resendEmail, emailView(email), 202)
  })
  return router
}

/** A file of the outbox folder; null when it is not there (written by another replica, or removed). */
async function readCopy(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** Why an email about a meeting would not be sent now (supersededBecause), or null. */
export async function supersession(store: FormStore, email: EmailRecord): Promise<string | null> {
  if (!isEmailName(email.kind) || emailKinds[email.kind].about !== 'meeting') return null
  const meeting = (await store.find('consultations', email.about.id))?.meeting
  return meeting ? supersededBecause(email.kind, meeting) : null
}

/** What the admin sees of an email (contract/wire/records.ts), with why it would not be sent again, if so. */
export function emailView(email: EmailRecord, superseded: string | null = null): EmailView {
  const {
    nextAttemptAt,
    queuedAt: _queuedAt,
    queuedByRequest: _request,
    recipientKey: _key,
    recipientAt: _at,
    resentAt: _resent,
    queuedFrom: _from,
    heldFor,
    ...view
  } = email
  // A reason outlives its hold in the embedded journal (a Resend cannot unset a field): shown only while held.
  const seen = email.state === 'queued' ? { ...view, nextAttemptAt } : email.state === 'held' ? { ...view, heldFor } : view
  return superseded ? { ...seen, superseded } : seen
}
