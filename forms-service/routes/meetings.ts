import { Router, type RouterContext } from '@koa/router'
import createError from 'http-errors'
import type { Middleware } from 'koa'
import { windowLabel, formatDay, timeSlotValues, visitorMayChange } from '../../contract/booking.js'
import { api } from '../../contract/api.js'
import { freeWindowsSentence, linkNotValidMessage, meetingClosedMessage, windowFullMessage, type MeetingChanged } from '../../contract/meetingApi.js'
import { isOfferedConsultationDate } from '../../contract/consultationDates.js'
import { urls } from '../../contract/urls.js'
import { availability, reminderFor, slotFor, windowsWithRoom, type BookingRules } from '../booking/schedule.js'
import { meetingToken, verifyMeetingToken, type LinkAction } from '../email/meetingLinks.js'
import { formBody, isHtmlForm } from '../middleware/formBody.js'
import type { FormPages } from '../middleware/htmlFormAnswers.js'
import { rateLimit } from '../middleware/rateLimit.js'
import { validateBody } from '../middleware/validateBody.js'
import { meetingEmailKinds } from '../outbox/render.js'
import type { FormStore } from '../store/formStore.js'
import type { BookedConsultation, MeetingChangeResult } from '../store/meetings.js'
import { validateMeetingReschedule, validateMeetingToken } from '../validators.js'
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
 * signed links of the emails do. A link acts once: a change raises the meeting's sequence, which every
 * earlier link names. Pages without JavaScript post HTML forms and get 303 to a result page, or the
 * site's error page.
 */
export function meetingRoutes(config: Config, store: FormStore, rules: BookingRules, pages: FormPages, closedWords: ClosedMeetingWords): Router {
  const router = new Router()
  const secret = config.unsubscribeSecret!
  const limit = rateLimit(config.rateLimitPerMinute, store.coordination.rateCounter)

  route(router, api.meetings.availability, rateLimit(config.availabilityPerMinute, store.coordination.rateCounter, 'availability'), async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60')
    answer(ctx, api.meetings.availability, await availability(store, rules))
  })

  /** The request a token signed for one of `actions` names, and the sequence it names; 400 for a forged, altered or foreign one. */
  const signed = async (token: unknown, actions: readonly LinkAction[]): Promise<{ record: BookedConsultation; sequence: number }> => {
    for (const action of actions) {
      const link = typeof token === 'string' ? verifyMeetingToken(secret, action, token) : null
      if (!link) continue
      const record = await store.meeting(link.meetingId)
      if (!record) throw notValid()
      return { record, sequence: link.sequence }
    }
    throw notValid()
  }

  /**
   * The request of a token still good for `actions`: 409 for a meeting that can no longer be changed
   * (cancelled, held, a no-show, begun), whichever of its links it is, as the meeting page shows it; 400 for
   * a used link of a meeting still open (it was moved since) the same as for a forged one.
   */
  const linked = async (token: unknown, actions: readonly LinkAction[]): Promise<{ record: BookedConsultation; sequence: number }> => {
    const { record, sequence } = await signed(token, actions)
    if (!visitorMayChange(record.meeting, rules.now())) {
      throw createError(409, meetingClosedMessage, { closedAs: record.meeting.state === 'cancelled' ? 'cancelled' : 'closed' } satisfies ClosedMeeting)
    }
    if (record.meeting.sequence !== sequence) throw notValid()
    return { record, sequence }
  }

  // A meeting the visitor can still change shows for its latest links only (an older one is used up);
  // one they no longer can (cancelled, held, a no-show, begun) shows its state for any of its links, so
  // that the page says what became of it rather than that the link is not valid.
  route(router, api.meetings.meeting, async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    const { record, sequence } = await signed(ctx.query.token, ['reschedule', 'cancel'])
    const changeable = visitorMayChange(record.meeting, rules.now())
    if (changeable && record.meeting.sequence !== sequence) throw notValid()
    answer(ctx, api.meetings.meeting, { meeting: publicMeeting(record), changeable, availability: await availability(store, rules) })
  })

  const changed = (
    ctx: RouterContext,
    endpoint: typeof api.meetings.cancel | typeof api.meetings.reschedule,
    result: MeetingChangeResult,
    done: string,
    fullDate?: string,
  ) => {
    if (!result.ok) {
      if (result.reason === 'full') throw createError(400, 'Validation failed', { fields: { timeSlot: windowFullMessage }, fullDate })
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
    htmlAnswers(pages, store, rules, closedWords),
    limit,
    formBody,
    validateBody(validateMeetingToken, {}, async (ctx, { form }) => {
      const { token } = form
      const { record, sequence } = await linked(token, ['cancel'])
      const result = await store.changeMeeting({
        meetingId: record.meeting.id,
        action: 'cancel',
        expectSequence: sequence,
        emails: meetingEmailKinds.cancelled,
      })
      changed(ctx, api.meetings.cancel, result, urls.meetingCancelled)
    }),
  )

  route(
    router,
    api.meetings.reschedule,
    htmlAnswers(pages, store, rules, closedWords),
    limit,
    formBody,
    validateBody(validateMeetingReschedule, { extraCheck: offeredDate(rules) }, async (ctx, { form }) => {
      const { token, date, timeSlot } = form
      const { record, sequence } = await linked(token, ['reschedule'])
      const result = await store.changeMeeting({
        meetingId: record.meeting.id,
        action: 'move',
        expectSequence: sequence,
        slot: slotFor(rules, date, timeSlot),
        emails: meetingEmailKinds.moved,
        reminder: reminderFor(rules),
      })
      changed(ctx, api.meetings.reschedule, result, urls.meetingMoved, date)
    }),
  )
  return router
}

const offeredDate =
  (rules: BookingRules) =>
  (body: Record<string, unknown>): Record<string, string> =>
    typeof body.date === 'string' && !isOfferedConsultationDate(body.date, rules.now(), rules.closedDays) ? { date: 'Please select a date' } : {}

/** Why a change of a meeting was refused although its link is good: the key of its words (contentWords.ts). */
type ClosedMeeting = { closedAs: keyof ClosedMeetingWords }

/**
 * An HTML form's refusal as the site's error page (a full window adds the windows of that day that
 * still have room; a meeting that can no longer be changed says what became of it); JSON callers get
 * the JSON error as everywhere.
 */
function htmlAnswers(pages: FormPages, store: FormStore, rules: BookingRules, closedWords: ClosedMeetingWords): Middleware {
  return async (ctx, next) => {
    if (!isHtmlForm(ctx)) return next()
    try {
      await next()
    } catch (caught) {
      const error = (caught ?? {}) as { status?: number; message?: string; fields?: Record<string, string>; fullDate?: string } & Partial<ClosedMeeting>
      const status = error.status ?? 500
      if (status >= 500 && status !== 503) throw caught
      const notes: string[] = []
      if (error.fullDate) {
        const rooms = (await windowsWithRoom(store, rules, [error.fullDate]).catch(() => undefined))?.get(error.fullDate)
        if (rooms) notes.push(freeWindowsSentence(formatDay(error.fullDate), timeSlotValues.filter((window) => rooms[window]).map(windowLabel)))
      }
      ctx.status = status
      ctx.set('Cache-Control', 'no-store')
      ctx.type = 'text/html; charset=utf-8'
      const message = error.closedAs ? closedWords[error.closedAs] : (error.message ?? linkNotValidMessage)
      ctx.body = pages.problems(error.fields ? [...Object.values(error.fields), ...notes] : [message])
    }
  }
}
