import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Middleware } from 'koa'
import { formatMeeting } from '../../contract/booking/booking.js'
import { addToCalendar } from '../../contract/booking/calendarFile.js'
import { bookingReferenceParameter, calendarLinkPlaceholders, meetingTimeMarker } from '../../contract/wire/meetingPages.js'
import { urls } from '../../contract/wire/urls.js'
import { unheldRequestSentence } from '../../contract/wire/challenge.js'
import { verifyBookingReference } from '../email/meetingLinks.js'
import type { InboxStore } from '../store/inboxStore.js'
import { escapeHtml } from './escapeHtml.js'

/**
 * The consultation's thank-you page of the built site (`<siteDir>/thank-you/consultation/index.html`)
 * for `?booking=<signed reference>` (htmlFormAnswers' 303 after a form posted without JavaScript): the
 * meeting's exact time goes where contract/wire/meetingPages.ts's marker is, as the dialog's recap shows it
 * with JavaScript, and its Add to calendar links get the meeting's addresses (Google, Outlook, and the
 * `.ics` as a data: address, so the download needs no script and no other endpoint), titled
 * `calendarTitle`. A request that holds no time (sent without JavaScript while the booking challenge was
 * on) gets, in the time's place, the sentence that says so and points to its hold link (`holdMinutes`). A reference that is not one the service
 * signed, or names no request, gets the page as it is built (it shows no time, and hides the links). Everything else goes on to the static site.
 */
export function thankYouMeeting(siteDir: string, store: InboxStore, secret: string, calendarTitle: string, holdMinutes: number): Middleware {
  const page = urls.thankYou('consultation')
  const file = path.join(siteDir, page, 'index.html')
  return async (ctx, next) => {
    const reference = ctx.query[bookingReferenceParameter]
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.replace(/(.)\/$/, '$1') !== page || typeof reference !== 'string') return next()
    const id = verifyBookingReference(secret, reference)
    // The store unreachable: the page without the time, rather than no page.
    const request = id ? await store.find('consultations', id).catch(() => undefined) : undefined
    const html = request ? await readFile(file, 'utf8').catch(() => null) : null
    if (!request || html === null || !html.includes(meetingTimeMarker)) return next()
    // The page names one request's meeting: kept out of shared caches.
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'html'
    const { meeting } = request
    // Sent without JavaScript while the booking challenge was on (routes/forms.ts): kept, no time held.
    if (!meeting) {
      ctx.body = html.replace(meetingTimeMarker, escapeHtml(unheldRequestSentence(holdMinutes)))
      return
    }
    const calendar = addToCalendar({ start: meeting.start, end: meeting.end, title: calendarTitle, uid: `${meeting.id}@${ctx.hostname}`, stamp: new Date() })
    let body = html.replace(meetingTimeMarker, `<time datetime="${escapeHtml(meeting.start)}">${escapeHtml(formatMeeting(meeting))}</time>`)
    for (const link of ['google', 'outlook', 'ics'] as const) {
      body = body.replace(`href="${calendarLinkPlaceholders[link]}"`, `href="${escapeHtml(calendar[link])}"`)
    }
    ctx.body = body
  }
}
