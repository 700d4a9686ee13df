import { Readable } from 'node:stream'
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { Router } from '@koa/router'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import type { AdminSessionRequest } from '../../contract/adminSession.js'
import type { FormStore } from '../store/formStore.js'
import { validateAdminSession } from '../validators.js'

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

/** The admin screen's API: sign in and out, and the subscriber list. */
export function adminRoutes(auth: AdminAuth, store: FormStore): Router {
  const router = new Router({ prefix: '/api/admin' })
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store')
    await next()
  })
  router.post('/session', ...jsonBody, validateBody(validateAdminSession), async (ctx) => {
    // The raw body, not the trimmed form: a password's blanks are part of it.
    const { password } = ctx.request.body as AdminSessionRequest
    if (!(await auth.signIn(ctx, password))) ctx.throw(401, 'Wrong password')
    ctx.status = 204
  })
  router.delete('/session', async (ctx) => {
    await auth.signOut(ctx)
    ctx.status = 204
  })
  router.get('/newsletter-subscribers', auth.requireAdmin, async (ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = Readable.from(jsonArray((await store.subscribers()).slice()))
  })
  return router
}
