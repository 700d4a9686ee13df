import { Router } from '@koa/router'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import type { AdminSessionRequest } from '../schemas/adminSession.js'
import type { FormStore } from '../store/store.js'
import { validateAdminSession } from '../validators.js'

/** The admin screen's API: sign in and out, and the subscriber list (SPEC.md §7). */
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
  router.delete('/session', (ctx) => {
    auth.signOut(ctx)
    ctx.status = 204
  })
  router.get('/newsletter-subscribers', auth.requireAdmin, (ctx) => {
    ctx.body = store.subscribers()
  })
  return router
}
