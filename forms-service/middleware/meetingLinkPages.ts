import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Middleware } from 'koa'
import { meetingTokenMarker } from '../../contract/wire/meetingPages.js'
import { urls } from '../../contract/wire/urls.js'
import { escapeHtml } from './escapeHtml.js'

/** Longer than any token the service signs (contract/wire/meetingApi.ts allows 500 characters). */
const maxTokenLength = 500

/**
 * The cancel and reschedule pages of the built site (`<siteDir>/meeting/cancel/index.html`), and the hold
 * page of a request kept without a time (urls.consultationHold), for a link
 * with `?token=…`: the link's token goes into the page's form for readers without JavaScript, where
 * contract/wire/meetingPages.ts's marker is, so that the form posts it. The token is not checked here: the
 * post is, and a bad token changes nothing there. Everything else goes on to the static site.
 */
export function meetingLinkPages(siteDir: string): Middleware {
  const pages = new Map<string, string>(
    [urls.meetingCancel, urls.meetingReschedule, urls.consultationHold].map((page) => [page, path.join(siteDir, page, 'index.html')]),
  )
  return async (ctx, next) => {
    const file = pages.get(ctx.path.replace(/(.)\/$/, '$1'))
    const token = ctx.query.token
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !file || typeof token !== 'string' || token === '' || token.length > maxTokenLength) return next()
    const html = await readFile(file, 'utf8').catch(() => null)
    if (html === null || !html.includes(meetingTokenMarker)) return next()
    // The token is the reader's key to the meeting: kept out of caches (helmet keeps it out of Referer headers).
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'html'
    ctx.body = html.replace(meetingTokenMarker, `<input type="hidden" name="token" value="${escapeHtml(token)}">`)
  }
}
