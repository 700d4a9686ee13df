import cors from '@koa/cors'
import type { Middleware } from 'koa'
import { apiPrefix } from '../../contract/wire/api.js'
import { challengeHeader } from '../../contract/wire/challenge.js'

/** CORS on the API for the configured origins only; other origins get no CORS headers at all. */
export function apiCors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins)
  const handler = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin')
      return allowed.has(origin) ? origin : ''
    },
    credentials: true,
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', challengeHeader],
    maxAge: 600,
  })
  return async (ctx, next) => {
    if (allowed.size === 0 || !ctx.path.startsWith(apiPrefix)) return next()
    ctx.vary('Origin')
    return handler(ctx, next)
  }
}
