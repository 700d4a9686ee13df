import type { Middleware } from 'koa'

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers put `Origin` on
 * every cross-origin and every non-GET request, so a change authenticated by the session cookie must
 * come from this service's own origin or one of `allowedOrigins` (the site on another host). Scripts
 * that send the admin secret as a bearer token carry no cookie a foreign page could ride on.
 */
export function sameOrigin(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins)
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.get('Authorization').startsWith('Bearer ')) return next()
    const origin = ctx.get('Origin')
    // Not `ctx.origin`: since Koa 3 that is the Origin header itself.
    const own = `${ctx.protocol}://${ctx.host}`
    if (origin !== own && !allowed.has(origin)) ctx.throw(403, 'Changes are accepted only from the site itself')
    await next()
  }
}
