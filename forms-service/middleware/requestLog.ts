import type { Middleware } from 'koa'
import type { Logger } from 'pino'

/** One JSON line per request. Never the body, query string or headers: they can carry emails and passwords. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now()
    try {
      await next()
    } finally {
      logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, durationMs: Math.round((performance.now() - start) * 10) / 10 })
    }
  }
}
