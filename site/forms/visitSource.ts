import { landingSource, normalSource, type LeadSource, type RawSource } from '../../contract/wire/source'

// The visit's landing page, referrer host and campaign tags, kept in sessionStorage: this tab, this
// visit, no cookie. Nothing else about the visitor is kept (contract/wire/source.ts).
const key = 'bb-visit-source'

function stored(): RawSource | undefined {
  try {
    const text = sessionStorage.getItem(key)
    return text ? (JSON.parse(text) as RawSource) : undefined
  } catch {
    return undefined
  }
}

/**
 * Run on every page: the first page of a visit is its landing. A later page reached from another site
 * or by a campaign's address starts a new visit in the same tab; a page reached from this site does not.
 */
export function rememberVisit(): void {
  try {
    const landing = landingSource(location.href, document.referrer)
    const startsVisit = landing.referrerHost !== undefined || Object.keys(landing).some((part) => part.startsWith('utm_'))
    if (startsVisit || !stored()) sessionStorage.setItem(key, JSON.stringify(normalSource(landing)))
  } catch {
    // Storage refused (a private window's quota, a policy): the form still sends the page it is on.
  }
}

/** What a form sends as `source`: the visit's landing, referrer and campaign, and the page it is sent from. */
export const visitSource = (): LeadSource => normalSource({ ...stored(), page: location.pathname })
