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

/** Helmet's headers with our policy; `corsOrigins` join connect-src. */
export function securityHeaders(corsOrigins: readonly string[]): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy, 'connect-src': [...contentSecurityPolicy['connect-src'], ...corsOrigins] },
    },
  })
}
