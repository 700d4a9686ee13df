import type { FromSchema } from 'json-schema-to-ts'

// Where a lead comes from, without cookies: what the browser keeps for the visit (sessionStorage) and
// sends with every form, or, without JavaScript, the page's hidden field and the Referer header's host.
// Nothing else about a visitor is kept; every value is normalised and capped by `normalSource`, which
// the browser and the service both run.

/** The longest kept value per part, in characters. */
export const sourceLimits = { path: 200, host: 253, tag: 100 } as const

/** The campaign tags of a landing address that are kept, by their names on the address. */
export const campaignTags = ['utm_source', 'utm_medium', 'utm_campaign'] as const

/** The hidden field that carries the page a form was sent from when it is posted without JavaScript. */
export const sourcePageField = 'sourcePage'

const path = { type: 'string', maxLength: sourceLimits.path, pattern: '^/[^\\s\\p{C}]*$' } as const
const tag = { type: 'string', maxLength: sourceLimits.tag, pattern: '^[^\\p{C}]*$' } as const

/** A lead's source as a form sends it and the record keeps it; every part optional. */
export const sourceSchema = {
  type: 'object',
  properties: {
    /** The page the form was sent from (a path). */
    page: path,
    /** The first page of the visit (a path). */
    landing: path,
    /** The host of the page that linked to the landing page, when it is another site. */
    referrerHost: { type: 'string', maxLength: sourceLimits.host, pattern: '^[a-z0-9.-]+$' },
    utm_source: tag,
    utm_medium: tag,
    utm_campaign: tag,
  },
  additionalProperties: false,
  errorMessage: 'source must be an object of page, landing, referrerHost, utm_source, utm_medium and utm_campaign',
} as const

export type LeadSource = FromSchema<typeof sourceSchema>

/** What `normalSource` reads: addresses or paths as the browser has them, anything else ignored. */
export interface RawSource {
  page?: unknown
  landing?: unknown
  referrerHost?: unknown
  utm_source?: unknown
  utm_medium?: unknown
  utm_campaign?: unknown
}

// Controls, format characters (zero-width, bidi marks), lone surrogates: never kept.
const hidden = /[\p{C}]/gu

/** '/service/website-design?x=1#top' or 'https://site/x' -> the path only, capped; anything else undefined. */
export function normalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^(\/|https?:\/\/)/i.test(value.trim())) return undefined
  let pathname: string
  try {
    pathname = new URL(value.trim(), 'http://x.invalid').pathname
  } catch {
    return undefined
  }
  // '/blog/' and '/blog' are one page (a static host serves both).
  const clean = pathname.replace(/[\s\p{C}]/gu, '').replace(/(.)\/+$/, '$1')
  return clean.startsWith('/') ? clean.slice(0, sourceLimits.path) : undefined
}

/** 'https://WWW.Google.com/search?q=…' or 'www.google.com' -> 'google.com'; undefined when it is no host. */
export function normalHost(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const text = value.trim()
  let host: string
  try {
    host = new URL(text.includes('://') ? text : `http://${text}`).hostname
  } catch {
    return undefined
  }
  host = host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '')
  return /^[a-z0-9.-]+$/.test(host) && host.includes('.') && host.length <= sourceLimits.host ? host : undefined
}

/** A campaign tag: trimmed, blanks collapsed, invisible characters out, capped; undefined when empty. */
export function normalTag(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const clean = value.replace(hidden, '').replace(/\s+/g, ' ').trim().slice(0, sourceLimits.tag).trim()
  return clean === '' ? undefined : clean
}

/**
 * The kept source: only the known parts, each normalised and capped, the empty ones left out. A
 * referrer on one of `ownHosts` (the site itself: a second page, not where the visit came from) is dropped.
 *
 *     normalSource({ landing: '/x?utm_source=a', referrerHost: 'https://www.google.com/' }) // { landing: '/x', referrerHost: 'google.com' }
 */
export function normalSource(raw: RawSource | undefined, ownHosts: readonly string[] = []): LeadSource {
  if (typeof raw !== 'object' || raw === null) return {}
  const source: LeadSource = {}
  const page = normalPath(raw.page)
  const landing = normalPath(raw.landing)
  const referrerHost = normalHost(raw.referrerHost)
  const own = new Set(ownHosts.map(normalHost).filter(Boolean))
  if (page) source.page = page
  if (landing) source.landing = landing
  if (referrerHost && !own.has(referrerHost)) source.referrerHost = referrerHost
  for (const name of campaignTags) {
    const value = normalTag(raw[name])
    if (value) source[name] = value
  }
  return source
}

/** The visit's landing: its path, the campaign tags of its address and the referrer's host (the browser's `location` and `document.referrer`). */
export function landingSource(address: string, referrer: string): RawSource {
  const url = new URL(address)
  const raw: RawSource = { landing: url.pathname }
  for (const name of campaignTags) {
    const value = url.searchParams.get(name)
    if (value !== null) raw[name] = value
  }
  const host = referrer ? normalHost(referrer) : undefined
  if (host && host !== normalHost(url.host)) raw.referrerHost = host
  return raw
}
