import { STATUS_CODES } from 'node:http'

/** A calendar file larger than this is refused: years of a busy agency's events are a few megabytes. */
const maxBytes = 20 * 1024 * 1024
/** Redirects followed per read: a moved calendar takes one or two (http to https, an old path). */
const maxRedirects = 5

/** Where a calendar is read: the address without user name and password, which go as Basic authorization. */
export interface CalendarAddress {
  url: string
  authorization: string | null
  host: string
}

/** What a conditional read sends back: the copy's ETag and Last-Modified. */
export interface Validators {
  etag: string | null
  lastModified: string | null
}

export type CalendarAnswer = { unchanged: true } | { unchanged: false; text: string; validators: Validators }

export interface FetchOptions {
  /** Hosts a redirect may lead to besides the address's own (BUSY_CALENDAR_REDIRECT_HOSTS): 'p52-caldav.icloud.com', '*.icloud.com'. */
  redirectHosts: readonly string[]
  signal: AbortSignal
}

/** A read that failed for a reason said in a sentence naming the host, never the path (its secret) nor what the server wrote. */
export class ReadError extends Error {}

/**
 * GETs the calendar, conditionally when `validators` are given (a 304 is `unchanged`). Redirects are followed
 * by hand, at most `maxRedirects`, and only to http(s) on the address's host (its port included: never to
 * another port of that machine, such as 127.0.0.1:5432) or to one of `redirectHosts`, never from https to
 * http; the user name and password go to the address's own origin only, as a browser's fetch would do.
 */
export async function fetchCalendar(address: CalendarAddress, validators: Validators | null, options: FetchOptions): Promise<CalendarAnswer> {
  const origin = new URL(address.url)
  let url = origin
  for (let redirects = 0; ; redirects++) {
    const headers: Record<string, string> = { Accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' }
    if (address.authorization && url.origin === origin.origin) headers.Authorization = address.authorization
    if (validators?.etag) headers['If-None-Match'] = validators.etag
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified
    const response = await fetch(url, { headers, redirect: 'manual', signal: options.signal })
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      await response.body?.cancel()
      if (redirects === maxRedirects) throw new ReadError(`${address.host} redirected more than ${maxRedirects} times`)
      url = redirected(address.host, url, response.headers.get('location'), options.redirectHosts)
      continue
    }
    if (response.status === 304 && validators) {
      await response.body?.cancel()
      return { unchanged: true }
    }
    if (!response.ok) {
      await response.body?.cancel()
      // The standard words for the status, not the server's own: they would be what it says, in the admin.
      const words = STATUS_CODES[response.status]
      throw new ReadError(`${address.host} answered ${response.status}${words ? ` ${words}` : ''}`)
    }
    const text = await limitedText(response, address.host)
    return { unchanged: false, text, validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') } }
  }
}

/** Where a redirect leads, if it may be followed. */
function redirected(host: string, from: URL, location: string | null, redirectHosts: readonly string[]): URL {
  const to = location && URL.canParse(location, from.href) ? new URL(location, from) : null
  if (!to) throw new ReadError(`${host} redirected without saying where to`)
  if (to.protocol !== 'http:' && to.protocol !== 'https:') throw new ReadError(`${host} redirected to a ${to.protocol.slice(0, -1)} address, not http(s)`)
  if (from.protocol === 'https:' && to.protocol === 'http:') throw new ReadError(`${host} redirected from https to plain http`)
  if (to.host !== host && !redirectHosts.some((allowed) => hostMatches(to.host, allowed))) {
    const where = to.hostname === from.hostname ? `another port of its machine (${to.host})` : `another host (${to.host})`
    throw new ReadError(`${host} redirected to ${where}, which BUSY_CALENDAR_REDIRECT_HOSTS does not list`)
  }
  return to
}

// 'p52-caldav.icloud.com' matches itself, '*.icloud.com' any host under icloud.com; a port must be written to match.
const hostMatches = (host: string, allowed: string) => host === allowed || (allowed.startsWith('*.') && host.endsWith(allowed.slice(1)))

/** The body as text, refused beyond maxBytes (a wrong address may be a video). */
async function limitedText(response: Response, host: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new ReadError(`${host} sent ${Math.round(declared / 1024 / 1024)} MB, more than a calendar's ${maxBytes / 1024 / 1024} MB`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.byteLength
    if (size > maxBytes) {
      await reader!.cancel()
      throw new ReadError(`${host} sent more than a calendar's ${maxBytes / 1024 / 1024} MB`)
    }
    chunks.push(part.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
