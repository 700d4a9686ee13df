import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { sameOrigin } from '../middleware/sameOrigin.js'

/**
 * A router under /api/admin whose answers are never cached, and `admin`, the checks every admin
 * route takes first: the session or bearer secret, then (for changes) the site's own origin.
 */
export function adminRouter(auth: AdminAuth, corsOrigins: readonly string[]): { router: Router; admin: Middleware[] } {
  const router = new Router({ prefix: '/api/admin' })
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store')
    await next()
  })
  return { router, admin: [auth.requireAdmin, sameOrigin(corsOrigins)] }
}
