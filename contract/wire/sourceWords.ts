import type { LeadSource } from './source.js'

// A lead's source in words and in groups (contract/wire/source.ts is its shape and normalisation), apart so
// that the pages that send forms load none of this: the admin, the service and the emails read it.

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
