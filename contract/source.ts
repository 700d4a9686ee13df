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
  const clean = pathname.replace(/[\s\p{C}]/gu, '')
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

/** The five groups `/metrics` counts leads by: bounded labels, nothing personal. */
export const sourceGroups = ['search', 'social', 'email', 'referral', 'direct'] as const
export type SourceGroup = (typeof sourceGroups)[number]

// Known hosts, by the name the agency reads and their group. A host matches itself and its subdomains.
const knownHosts: Array<{ hosts: RegExp; name: string; group: SourceGroup }> = [
  { hosts: /(^|\.)google\.[a-z.]+$/, name: 'Google search', group: 'search' },
  { hosts: /(^|\.)bing\.com$/, name: 'Bing search', group: 'search' },
  { hosts: /(^|\.)duckduckgo\.com$/, name: 'DuckDuckGo search', group: 'search' },
  { hosts: /(^|\.)(search\.)?yahoo\.com$/, name: 'Yahoo search', group: 'search' },
  { hosts: /(^|\.)ecosia\.org$/, name: 'Ecosia search', group: 'search' },
  { hosts: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/, name: 'Facebook', group: 'social' },
  { hosts: /(^|\.)instagram\.com$/, name: 'Instagram', group: 'social' },
  { hosts: /(^|\.)(linkedin\.com|lnkd\.in)$/, name: 'LinkedIn', group: 'social' },
  { hosts: /(^|\.)(x\.com|twitter\.com|t\.co)$/, name: 'X (Twitter)', group: 'social' },
  { hosts: /(^|\.)(youtube\.com|youtu\.be)$/, name: 'YouTube', group: 'social' },
  { hosts: /(^|\.)(tiktok\.com|pinterest\.com|reddit\.com|nextdoor\.com|threads\.net)$/, name: '', group: 'social' },
  { hosts: /^(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|mail\.yahoo\.com)$/, name: 'Email', group: 'email' },
]

const known = (host: string) => knownHosts.find((entry) => entry.hosts.test(host) && (entry.group === 'email' || !/^mail\./.test(host)))

/** Which of the five groups a source is in: its campaign's medium first, then its referrer's host. */
export function sourceGroup(source: LeadSource | undefined): SourceGroup {
  const medium = source?.utm_medium?.toLowerCase()
  if (medium) {
    if (/e-?mail|newsletter/.test(medium)) return 'email'
    if (/social/.test(medium)) return 'social'
    if (/organic|cpc|ppc|paid-?search|search/.test(medium)) return 'search'
  }
  const host = source?.referrerHost
  if (host) return known(host)?.group ?? 'referral'
  if (source?.utm_source) {
    const named = known(`${source.utm_source.toLowerCase()}.com`)
    return named?.group ?? 'referral'
  }
  return 'direct'
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Where the visit came from, in words: "Google search", "Newsletter campaign 'spring'", "news.example.org", "Direct". */
export function sourceOrigin(source: LeadSource | undefined): string {
  if (source?.utm_campaign) return `${source.utm_source ? capitalised(source.utm_source) : 'A'} campaign '${source.utm_campaign}'`
  if (source?.referrerHost) {
    const named = known(source.referrerHost)
    return named?.name ? named.name : source.referrerHost
  }
  if (source?.utm_source) return capitalised(source.utm_source)
  return 'Direct'
}

/**
 * A lead's source in words, as the record's page, the CSV and the agency's notification show it: where
 * the visit came from, then the page it landed on, then the page of the form when that is another one.
 *
 *     sourceInWords({ referrerHost: 'google.com', landing: '/service/website-design' }) // 'Google search → /service/website-design'
 *     sourceInWords({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' }) // "Newsletter campaign 'spring'"
 *     sourceInWords(undefined) // 'Direct'
 */
export function sourceInWords(source: LeadSource | undefined): string {
  const origin = sourceOrigin(source)
  const landing = source?.landing ? ` → ${source.landing}` : ''
  const page = source?.page && source.page !== source.landing ? `${landing ? ', ' : ' '}form on ${source.page}` : ''
  return `${origin}${landing}${page}`
}

/** The sentence of the privacy policy (`{{privacy.leadSource}}`), from the parts above, so that it says what the code keeps. */
export const leadSourcePrivacy =
  'With each form we keep where the visit came from, to learn which pages and campaigns bring enquiries: the page the form was sent from, ' +
  'the first page of the visit, the name of the site that linked to it (such as google.com, never the full address) and the campaign tags of ' +
  `its address (${campaignTags.join(', ')}). Your browser keeps these in session storage for the visit only and forgets them when the tab is ` +
  'closed; we use no cookies and no tracker for this, and we keep them with the form for as long as we keep the form.'
