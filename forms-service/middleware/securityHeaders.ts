import type { Middleware } from 'koa'
import helmet from 'koa-helmet'

/**
 * The Content-Security-Policy of every answer. The site ships no inline script and loads nothing from
 * other hosts except the Google Maps frame, which loads only when a visitor asks for it.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.google.com'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const

/**
 * Helmet's headers with our policy; `corsOrigins` join connect-src. They depend on nothing in the
 * request, so helmet runs once, here, and each answer gets the headers it set: run for every request,
 * helmet (through koa-helmet's promise) was a measurable part of a subscription's time
 * (docs/performance.md).
 */
export function securityHeaders(corsOrigins: readonly string[]): Middleware {
  const set: Array<[string, string | number | readonly string[]]> = []
  const removed: string[] = []
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  }
  // Helmet sets its headers before it calls on, synchronously.
  void helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy, 'connect-src': [...contentSecurityPolicy['connect-src'], ...corsOrigins] },
    },
  })({ req: {}, res } as unknown as Parameters<Middleware>[0], () => Promise.resolve())
  if (set.length === 0) throw new Error('helmet set no header when run once: securityHeaders needs another way to take them')
  return (ctx, next) => {
    for (const name of removed) ctx.res.removeHeader(name)
    for (const [name, value] of set) ctx.res.setHeader(name, value)
    return next()
  }
}
