import type { Middleware } from 'koa'
import ratelimit from 'koa-ratelimit'

const minute = 60_000

/**
 * At most `perMinute` requests per client address and minute through this middleware, then 429 with
 * Retry-After. `ctx.ip` honours X-Forwarded-For only with TRUST_PROXY.
 */
export function rateLimit(perMinute: number): Middleware {
  if (perMinute === 0) return (_ctx, next) => next()
  const db = new Map<string, { reset: number }>()
  // koa-ratelimit's memory driver never forgets an address; drop windows that have ended.
  setInterval(() => {
    const now = Date.now() / 1000
    for (const [key, entry] of db) if (entry.reset < now) db.delete(key)
  }, minute).unref()
  return ratelimit({
    driver: 'memory',
    db,
    duration: minute,
    max: perMinute,
    id: (ctx) => ctx.ip,
    throw: true,
    errorMessage: 'Too many requests, please try again later',
  })
}
