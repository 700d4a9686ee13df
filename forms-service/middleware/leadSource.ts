import type { Config } from '../config.js'
import type { Middleware } from 'koa'
import { normalSource, sourcePageField, type RawSource } from '../../contract/wire/source.js'

/**
 * Sets a form body's `source` (contract/wire/source.ts), normalised, before it is validated: the one the
 * widget sent, or, from an HTML form without JavaScript, the page of its hidden field and the Referer
 * header (its path for the page when the field is missing, its host when it is another site). A source
 * is never a reason to refuse a lead: what cannot be kept is left out.
 */
export function leadSource(config: Pick<Config, 'siteUrl' | 'apiUrl' | 'corsOrigins'>): Middleware {
  const origins = [config.siteUrl, config.apiUrl, ...config.corsOrigins].filter((origin): origin is string => origin !== null)
  return async (ctx, next) => {
    const body: unknown = ctx.request.body
    if (isObject(body)) {
      const ownHosts = [ctx.host, ...origins]
      const hiddenPage = body[sourcePageField]
      delete body[sourcePageField]
      const referer = refererOf(ctx.get('Referer'))
      const raw: RawSource = isObject(body.source)
        ? body.source
        : { page: hiddenPage ?? (referer && isOwn(referer, ownHosts) ? referer.pathname : undefined), referrerHost: referer?.host }
      const source = normalSource(raw, ownHosts)
      if (Object.keys(source).length > 0) body.source = source
      else delete body.source
    }
    await next()
  }
}

function refererOf(header: string): URL | undefined {
  try {
    return header ? new URL(header) : undefined
  } catch {
    return undefined
  }
}

const isOwn = (url: URL, ownHosts: readonly string[]) => ownHosts.some((own) => own === url.host || own.replace(/^https?:\/\//, '') === url.host)

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
