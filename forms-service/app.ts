import Koa from 'koa'
import { pino, type Logger } from 'pino'
import type { Config } from './config.js'
import { adminAuth } from './middleware/adminAuth.js'
import { apiCors } from './middleware/cors.js'
import { errors } from './middleware/errors.js'
import { requestLog } from './middleware/requestLog.js'
import { securityHeaders } from './middleware/securityHeaders.js'
import { staticSite } from './middleware/staticSite.js'
import { adminRoutes } from './routes/admin.js'
import { formRoutes } from './routes/forms.js'
import { healthRoutes } from './routes/health.js'
import type { FormStore } from './store/store.js'

export interface AppOptions {
  logger?: Logger
  /** The clock that decides which consultation dates are offered. */
  now?: () => Date
}

/** The whole service as a Koa app. It never listens: `service.ts` does, and tests call `app.callback()`. */
export function createApp(config: Config, store: FormStore, options: AppOptions = {}): Koa {
  const logger = options.logger ?? pino({ level: config.logLevel })
  const app = new Koa({ proxy: config.trustProxy })
  // Errors are answered and logged by `errors`; Koa's own printing would only repeat them.
  app.silent = true

  app.use(requestLog(logger))
  app.use(securityHeaders(config.corsOrigins))
  app.use(errors(logger))
  app.use(apiCors(config.corsOrigins))
  for (const router of [
    healthRoutes(store),
    formRoutes(config, store, options.now ?? (() => new Date())),
    adminRoutes(adminAuth(config.adminPassword), store),
  ]) {
    app.use(router.routes())
    app.use(router.allowedMethods({ throw: true }))
  }
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !config.siteDir) ctx.throw(404, 'Not Found')
    await next()
  })
  if (config.siteDir) app.use(staticSite(config.siteDir))
  return app
}
