import type { Middleware } from 'koa'
import helmet from 'koa-helmet'

/**
 * The Content-Security-Policy of every page. The site ships no inline script and loads nothing from
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

/** A JSON answer is never a document that runs anything: it may load nothing, and no one may frame it. */
export const jsonContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

/**
 * What a JSON answer needs of helmet's headers (OWASP's REST Security Cheat Sheet): the transport, no
 * sniffing of its type, no use from another site's page; the others are about documents (frames, popups,
 * old browsers' downloads and XSS filters). Each header costs an answer time: the document set on every
 * JSON answer took 7% of a subscription's time under load (docs/performance.md).
 */
const jsonAnswerHeaders = new Set(['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'])

type Header = [string, string | number | readonly string[]]

/**
 * Helmet's headers with our policy (`corsOrigins` join connect-src) on pages and files, and the JSON
 * subset with `jsonContentSecurityPolicy` on JSON answers, errors included, chosen by the answer's type
 * once it is made. They depend on nothing else in the request, so helmet runs once, here: run for every
 * request, helmet (through koa-helmet's promise) was a measurable part of a subscription's time.
 */
export function securityHeaders(corsOrigins: readonly string[]): Middleware {
  const forPages: Header[] = []
  const removed: string[] = []
  const res = {
    setHeader: (name: string, value: Header[1]) => void forPages.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  }
  // Helmet sets its headers before it calls on, synchronously.
  void helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy, 'connect-src': [...contentSecurityPolicy['connect-src'], ...corsOrigins] },
    },
  })({ req: {}, res } as unknown as Parameters<Middleware>[0], () => Promise.resolve())
  if (forPages.length === 0) throw new Error('helmet set no header when run once: securityHeaders needs another way to take them')
  const forJson: Header[] = [['Content-Security-Policy', jsonContentSecurityPolicy], ...forPages.filter(([name]) => jsonAnswerHeaders.has(name.toLowerCase()))]
  if (forJson.length !== jsonAnswerHeaders.size + 1) throw new Error('helmet no longer sets every header a JSON answer needs')
  return async (ctx, next) => {
    try {
      await next()
    } finally {
      for (const name of removed) ctx.res.removeHeader(name)
      for (const [name, value] of ctx.response.type === 'application/json' ? forJson : forPages) ctx.res.setHeader(name, value)
    }
  }
}
