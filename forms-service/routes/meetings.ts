import { Router, type RouterContext } from '@koa/router'
import createError from 'http-errors'
import { windowLabel, formatDay, timeSlotValues, visitorMayChange } from '../../contract/booking/booking.js'
import { api } from '../../contract/wire/api.js'
import {
  freeWindowsSentence,
  linkNotValidMessage,
  meetingClosedMessage,
  personHasMeetingMessage,
  startTakenMessage,
  windowFullMessage,
  type Availability,
  type MeetingChanged,
} from '../../contract/wire/meetingApi.js'
import { urls } from '../../contract/wire/urls.js'
import { personKey } from '../../contract/booking/person.js'
import { offeredDate, reminderFor, slotFor, windowsWithRoom, type BookingRules, type Encoding } from '../booking/schedule.js'
import { bookingCaps } from '../booking/caps.js'
import { holdEndsAt, holdTokenRequest } from '../email/holdLink.js'
import { BookingCapError, WindowFullError } from '../store/meetings.js'
import { isOfferedConsultationDate } from '../../contract/booking/consultationDates.js'
import { holdExpiredMessage, holdFullMessage } from '../../contract/wire/challenge.js'
import { meetingToken, tokenMeetingId, tokenOpens, type LinkAction } from '../email/meetingLinks.js'
import { formBody, isHtmlForm } from '../middleware/formBody.js'
import { answersWithPage } from '../middleware/errors.js'
import type { FormPages } from '../middleware/htmlFormAnswers.js'
import { rateLimit } from '../middleware/rateLimit.js'
import { owed } from '../middleware/requestLog.js'
import { validateBody } from '../middleware/validateBody.js'
import { meetingEmailKinds } from '../outbox/render.js'
import type { FormStore } from '../store/formStore.js'
import type { BookedConsultation, MeetingChangeResult } from '../store/meetings.js'
import type { ConsultationRecord } from '../store/records.js'
import { validateConsultationHold, validateMeetingCancel, validateMeetingReschedule } from '../validators.js'
import { answer, route } from './route.js'
import type { Config } from '../config.js'
import type { ClosedMeetingWords } from '../contentWords.js'

const notValid = () => createError(400, linkNotValidMessage)

/** What the meeting pages may show: the meeting, nothing of the person. */
const publicMeeting = (record: BookedConsultation): MeetingChanged['meeting'] => ({
  start: record.meeting.start,
  end: record.meeting.end,
  state: record.meeting.state,
  serviceInterest: record.serviceInterest,
})

/**
 * The visitor's side of a meeting: which windows have room (public, cached a minute), and what the
 * signed links of the emails do: any of them acts on the meeting as it is now, while it can still be
 * changed. Pages without JavaScript post HTML forms and get 303 to a result page, or the site's error page.
 */
export function meetingRoutes(
  config: Config,
  store: FormStore,
  rules: BookingRules,
  pages: FormPages,
  closedWords: ClosedMeetingWords,
  calendar: { availability: () => Promise<Availability>; body: (encoding: Encoding) => Promise<Buffer> },
) {
  const router = new Router()
  const secret = config.unsubscribeSecret!
  const limit = rateLimit(config.rateLimitPerMinute, store.coordination.rateCounter, rules.now)

  route(router, api.meetings.availability, rateLimit(config.availabilityPerMinute, store.coordination.rateCounter, rules.now, 'availability'), async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60')
    // The kept answer's bytes, already compressed (booking/schedule.ts): koa-compress leaves an encoded body alone.
    const encoding = (ctx.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding
    ctx.vary('Accept-Encoding')
    ctx.type = 'application/json'
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding)
    ctx.body = await calendar.body(encoding)
  })

  /**
   * The request whose meeting `token` is a link of, for one of `actions`, as the meeting is now: any link
   * ever sent for it (email/meetingLinks.ts); 400 for a forged, altered or foreign one.
   */
  const signed = async (token: unknown, actions: readonly LinkAction[]): Promise<BookedConsultation> => {
    const meetingId = tokenMeetingId(token)
    const record = meetingId ? await store.meeting(meetingId) : undefined
    if (!record || !actions.some((action) => tokenOpens(token as string, action, record.meeting, secret))) throw notValid()
    // A link of ours used: the address is its owner's, who wants its mail (outbox/recipients.ts lifts the cap).
    await store.noteRecipient(personKey(record.email), 'clicked', rules.now()).catch(() => undefined)
    return record
  }

  /**
   * The request of a link for `actions` whose meeting the visitor may still change, with the sequence
   * the change expects (the meeting as just read); 409 for a meeting that can no longer be changed
   * (cancelled, held, a no-show, begun), as the meeting page shows it.
   */
  const linked = async (token: unknown, actions: readonly LinkAction[]): Promise<{ record: BookedConsultation; sequence: number }> => {
    const record = await signed(token, actions)
    if (!visitorMayChange(record.meeting, rules.now())) {
      // The error page says what became of it, in the meeting page's words (content/ui.json).
      throw createError(409, meetingClosedMessage, { page: closedWords[record.meeting.state === 'cancelled' ? 'cancelled' : 'closed'] })
    }
    return { record, sequence: record.meeting.sequence }
  }

  // Any link of a meeting shows it as it is now; one the visitor can no longer change (cancelled, held,
  // a no-show, begun) shows its state, so that the page says what became of it.
  route(router, api.meetings.meeting, async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    const record = await signed(ctx.query.token, ['reschedule', 'cancel'])
    const changeable = visitorMayChange(record.meeting, rules.now())
    answer(ctx, api.meetings.meeting, { meeting: publicMeeting(record), changeable, availability: await calendar.availability() })
  })

  /** The sentence of the windows of `date` still free, for a move that found its window full; none if they cannot be read. */
  const stillFree = async (date: string): Promise<string[]> => {
    const rooms = (await windowsWithRoom(store, rules, [date]).catch(() => undefined))?.get(date)
    return rooms ? [freeWindowsSentence(formatDay(date), timeSlotValues.filter((window) => rooms[window]).map(windowLabel))] : []
  }

  const changed = async (
    ctx: RouterContext,
    endpoint: typeof api.meetings.cancel | typeof api.meetings.reschedule,
    result: MeetingChangeResult,
    done: string,
    fullDate?: string,
    picked = false,
  ) => {
    if (!result.ok) {
      const fields = picked ? { start: startTakenMessage } : { timeSlot: windowFullMessage }
      if (result.reason === 'full') throw createError(400, 'Validation failed', { fields, notes: fullDate ? await stillFree(fullDate) : [] })
      throw notValid()
    }
    if (isHtmlForm(ctx)) {
      ctx.status = 303
      ctx.redirect(`${config.siteUrl ?? ''}${done}/`)
      return
    }
    const { meeting } = result.record
    const reply: MeetingChanged = {
      meeting: publicMeeting(result.record),
      ...(meeting.state === 'moved'
        ? { token: { reschedule: meetingToken(secret, 'reschedule', meeting), cancel: meetingToken(secret, 'cancel', meeting) } }
        : {}),
    }
    answer(ctx, endpoint, reply)
  }

  route(
    router,
    api.meetings.cancel,
    answersWithPage,
    limit,
    formBody,
    validateBody(validateMeetingCancel, {}, async (ctx, { form }) => {
      const { token, reason } = form
      const { record, sequence } = await linked(token, ['cancel'])
      const result = await store.changeMeeting({
        meetingId: record.meeting.id,
        action: 'cancel',
        expectSequence: sequence,
        ...(reason ? { reason } : {}),
        emails: owed(ctx, meetingEmailKinds.cancelled),
      })
      await changed(ctx, api.meetings.cancel, result, urls.meetingCancelled)
    }),
  )

  route(
    router,
    api.meetings.reschedule,
    answersWithPage,
    limit,
    formBody,
    validateBody(validateMeetingReschedule, { extraCheck: offeredDate(rules) }, async (ctx, { form }) => {
      const { token, date, timeSlot, start } = form
      const { record, sequence } = await linked(token, ['reschedule'])
      const result = await store.changeMeeting({
        meetingId: record.meeting.id,
        action: 'move',
        expectSequence: sequence,
        slot: slotFor(rules, date, timeSlot, start),
        emails: owed(ctx, meetingEmailKinds.moved),
        reminder: reminderFor(rules),
      })
      await changed(ctx, api.meetings.reschedule, result, urls.meetingMoved, date, start !== undefined)
    }),
  )
  /** The meeting a request kept without a time gets from its hold link, within its minutes, at the first free start of its window. */
  const holdFor = async (ctx: RouterContext, request: ConsultationRecord): Promise<BookedConsultation> => {
    const now = rules.now()
    if (holdEndsAt(request.receivedAt, config.bookingChallenge.holdMinutes).getTime() <= now.getTime()) throw createError(409, holdExpiredMessage)
    if (!isOfferedConsultationDate(request.date, now, rules.closedDays)) throw createError(409, holdFullMessage)
    const record = await store
      .holdMeeting({
        requestId: request.id,
        slot: slotFor(rules, request.date, request.timeSlot),
        emails: owed(ctx, meetingEmailKinds.held),
        reminder: reminderFor(rules),
        caps: bookingCaps(config, rules, request.email, undefined),
      })
      .catch((error: unknown) => {
        if (error instanceof WindowFullError) throw createError(409, holdFullMessage)
        if (error instanceof BookingCapError) throw createError(409, personHasMeetingMessage)
        throw error
      })
    if (!record) throw notValid()
    return record
  }

  /**
   * The hold link of a request kept without a time (routes/forms.ts, while the booking challenge is on):
   * within its minutes, the request gets its meeting at the first free start of the window it asked for,
   * past the caps of any booking, and the visitor's confirmation and the agency's notice are queued. Pressed
   * again, it answers the meeting it holds. Expired, or nothing free any more: 409, and the request stays
   * with the agency as it is. An HTML form gets 303 to the thank-you page, which shows the meeting's time.
   */
  route(
    router,
    api.meetings.hold,
    answersWithPage,
    limit,
    formBody,
    validateBody(validateConsultationHold, {}, async (ctx, { form }) => {
      const requestId = holdTokenRequest(secret, form.token)
      const request = requestId ? await store.find('consultations', requestId) : undefined
      if (!request || request.status === 'spam') throw notValid()
      // The link came from the visitor's mailbox: its owner wants its mail (outbox/recipients.ts lifts the cap).
      await store.noteRecipient(personKey(request.email), 'clicked', rules.now()).catch(() => undefined)
      const held = request.meeting ? (request as BookedConsultation) : await holdFor(ctx, request)
      ctx.set('Cache-Control', 'no-store')
      if (isHtmlForm(ctx)) {
        ctx.status = 303
        ctx.redirect(pages.thankYou('consultation', held.id))
        return
      }
      answer(ctx, api.meetings.hold, { id: held.id, meeting: { start: held.meeting.start, end: held.meeting.end } })
    }),
  )
  return router
}
