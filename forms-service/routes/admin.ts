import { Readable } from 'node:stream'
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { Router } from '@koa/router'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import type { AnswerOf } from '../../contract/wire/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { exportText, takeBackup } from '../store/exportFile.js'
import type { FormStore } from '../store/formStore.js'
import { validateSignIn } from '../validators.js'
import { route } from './route.js'

const recordsPerChunk = 1000

/**
 * A JSON array written a thousand records at a time, giving way to other requests in between: the
 * list of 100,000 subscribers never holds the process for its whole serialisation.
 */
async function* jsonArray(records: readonly unknown[]): AsyncGenerator<string> {
  yield '['
  for (let start = 0; start < records.length; start += recordsPerChunk) {
    const chunk = records.slice(start, start + recordsPerChunk).map((record) => JSON.stringify(record))
    yield (start === 0 ? '' : ',') + chunk.join(',')
    await yieldToRequests()
  }
  yield ']'
}

/** The admin screen's API: sign in and out, the subscriber list, and a backup. */
export function adminRoutes(auth: AdminAuth, store: FormStore) {
  const router = new Router()
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store')
    await next()
  })
  route(
    router,
    adminApi.signIn,
    ...jsonBody,
    // The body as sent, not the trimmed form: a password's blanks are part of it.
    validateBody(validateSignIn, {}, async (ctx, { body }) => {
      if (!(await auth.signIn(ctx, body))) ctx.throw(401, 'Wrong email or password')
      ctx.status = 204
    }),
  )
  route(router, adminApi.signOut, async (ctx) => {
    await auth.signOut(ctx)
    ctx.status = 204
  })
  // The contract's SubscriberRecord[], streamed (jsonArray).
  route(router, adminApi.subscribers, auth.requireAdmin, async (ctx) => {
    const subscribers: AnswerOf<typeof adminApi.subscribers> = (await store.subscribers()).slice()
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = Readable.from(jsonArray(subscribers))
  })
  // A token made with `backup` may take it: a backup job runs unattended, and the image has no admin password to give it.
  route(router, adminApi.backup, auth.requireAdmin, async (ctx) => {
    const { data, calendarFeedSecret } = await takeBackup(store)
    await auth.audit(ctx, 'backup-taken')
    ctx.type = 'application/json; charset=utf-8'
    ctx.set('Content-Disposition', 'attachment; filename="forms-backup.json"')
    ctx.body = exportText(data, calendarFeedSecret)
  })
  return router
}
