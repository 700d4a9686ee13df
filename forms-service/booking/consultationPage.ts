import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Middleware } from 'koa'
import { bookableDays } from '../../contract/booking/booking.js'
import { offeredDatesMarker } from '../../contract/wire/meetingPages.js'
import { urls } from '../../contract/wire/urls.js'
import type { BookingRules } from './schedule.js'

/**
 * `/consultation/` of the built site with its date input bounded: `min` and `max` are the first and last
 * day a visitor may book today (tomorrow to today + 14 in Dallas, weekdays, not closed), written where
 * contract/wire/meetingPages.ts's `offeredDatesMarker` is. The page is built once, so the build cannot know
 * them; a static host serves it without them, and the service's answer to the post decides as before.
 * With JavaScript the form offers the days themselves. Everything else goes on to the static site.
 */
export function consultationPage(siteDir: string, rules: Pick<BookingRules, 'now' | 'closedDays'>): Middleware {
  const page = urls.consultation
  const file = path.join(siteDir, page, 'index.html')
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.replace(/(.)\/$/, '$1') !== page) return next()
    const html = await readFile(file, 'utf8').catch(() => null)
    const days = bookableDays(rules.now(), rules.closedDays)
    if (html === null || !html.includes(offeredDatesMarker) || days.length === 0) return next()
    // Today's bounds: revalidated on every visit rather than kept past midnight.
    ctx.set('Cache-Control', 'no-cache')
    ctx.type = 'html'
    ctx.body = html.replace(offeredDatesMarker, `min="${days[0]}" max="${days.at(-1)}"`)
  }
}
