import createError from 'http-errors'
import type { Middleware } from 'koa'
import type { RateCounter } from '../store/coordination.js'

const minute = 60_000

/**
 * At most `perMinute` requests per client address and minute through this middleware, then 429 with
 * Retry-After. Counted where `counter` counts (this process, or the database all replicas share), apart
 * for each `name` (the form POSTs, availability). `ctx.ip` honours X-Forwarded-For only with TRUST_PROXY.
 */
export function rateLimit(perMinute: number, counter: RateCounter, now: () => Date, name = 'post'): Middleware {
  if (perMinute === 0) return (_ctx, next) => next()
  return async (ctx, next) => {
    const at = now()
    const { count, resetAt } = await counter.hit(`${name}:${ctx.ip}`, minute, at)
    if (count > perMinute) {
      throw createError(429, 'Too many requests, please try again later', {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil((resetAt - at.getTime()) / 1000))) },
      })
    }
    await next()
  }
}
