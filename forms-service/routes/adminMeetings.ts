import { timingSafeEqual } from 'node:crypto'
import { Router, type RouterContext } from '@koa/router'
import createError from 'http-errors'
import type { Context } from 'koa'
import { addDays, bookingHorizonDays, isCalendarDate, zonedDate, zonedInstant } from '../../contract/booking/booking.js'
import { consultationServices, labelOf } from '../../contract/forms/options.js'
import { api, pathOf } from '../../contract/wire/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { mayBookAgain, type AdminMeeting } from '../../contract/wire/meetingApi.js'
import { urls } from '../../contract/wire/urls.js'
import { chosenStart, reminderFor, startsOn, type BookingRules } from '../booking/schedule.js'
import { feedIcs } from '../email/calendar.js'
import { placeOf } from '../email/messages.js'
import { actorId, actorOf, type AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { owed } from '../middleware/requestLog.js'
import { validateBody } from '../middleware/validateBody.js'
import { meetingEmailKinds } from '../outbox/render.js'
import type { FormStore } from '../store/formStore.js'
import { statusOf } from '../store/inboxQuery.js'
import { noEmails } from '../store/inboxStore.js'
import type { BookedConsultation, MeetingChangeRequest } from '../store/meetings.js'
import { validateAdminCancel, validateAdminMeetingsQuery, validateAdminMove, validateAdminState } from '../validators.js'
import { adminRouter } from './adminRouter.js'
import { answer, route } from './route.js'
import { fieldErrors } from '../../contract/forms/fieldErrors.js'
import type { Config } from '../config.js'

const dayMs = 86_400_000

export const adminMeeting = (record: BookedConsultation): AdminMeeting => ({
  id: record.meeting.id,
  requestId: record.id,
  start: record.meeting.start,
  end: record.meeting.end,
  state: record.meeting.state,
  businessName: record.businessName,
  contactName: record.contactName,
  serviceInterest: record.serviceInterest,
  phone: record.phone,
  email: record.email,
  history: record.meeting.history,
})

/**
 * The agency's meetings: the coming days, move (to a free start of a window), cancel (with a line to
 * the visitor), held or no-show; and the private calendar feed, whose address is a secret the admin
 * can replace.
 */
export function adminMeetingRoutes(config: Config, auth: AdminAuth, store: FormStore, rules: BookingRules) {
  const { router, admin } = adminRouter(auth, config.corsOrigins)
  const origin = (ctx: Context) => (config.apiUrl ?? config.siteUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '')
  const feedUrl = (ctx: Context, secret: string) => `${origin(ctx)}${pathOf(api.meetings.calendarFeed.path, { file: `${secret}.ics` })}`

  route(router, adminApi.meetings.list, ...admin, async (ctx) => {
    const query: unknown = { ...ctx.query }
    if (!validateAdminMeetingsQuery(query)) throw createError(400, 'Invalid query', { fields: fieldErrors(validateAdminMeetingsQuery.errors) })
    const from = query.from ?? zonedDate(rules.now())
    if (!isCalendarDate(from)) throw createError(400, 'Invalid query', { fields: { from: 'from must be a date, YYYY-MM-DD' } })
    const days = query.days === undefined ? bookingHorizonDays : Number(query.days)
    const until = addDays(from, days)
    const records = await store.meetingsBetween(zonedInstant(from, 0).toISOString(), zonedInstant(until, 0).toISOString())
    answer(ctx, adminApi.meetings.list, { meetings: records.map(adminMeeting) })
  })

  const change = async (
    ctx: RouterContext,
    endpoint: (typeof adminApi.meetings)['move' | 'cancel' | 'state' | 'rebook'],
    request: Omit<MeetingChangeRequest, 'meetingId'>,
  ) => {
    const result = await store.changeMeeting({ ...request, meetingId: ctx.params.id!, by: actorId(actorOf(ctx)) })
    if (result.ok) return answer(ctx, endpoint, { meeting: adminMeeting(result.record) })
    if (result.reason === 'not-found') throw createError(404, 'No such meeting')
    if (result.reason === 'full') throw createError(400, 'Validation failed', { fields: { start: 'This start is not free: choose another' } })
    if (result.reason === 'not-started') throw createError(409, 'This meeting has not started yet: mark it held or no-show once it has begun')
    if (result.reason === 'mark-settled') throw createError(409, 'Held or no-show can be changed within a week of the meeting only')
    throw createError(409, 'This meeting can no longer be changed')
  }

  route(router, adminApi.meetings.starts, ...admin, async (ctx) => {
    const record = await store.meeting(ctx.params.id!)
    if (!record) throw createError(404, 'No such meeting')
    const days = await startsOn(store, rules, undefined, record.meeting)
    const elsewhere = days.map(({ date, starts }) => ({ date, starts: starts.filter((free) => free.start !== record.meeting.start) }))
    ctx.set('Cache-Control', 'no-store')
    answer(ctx, adminApi.meetings.starts, { days: elsewhere.filter((day) => day.starts.length > 0) })
  })
  route(
    router,
    adminApi.meetings.move,
    ...admin,
    ...jsonBody,
    validateBody(validateAdminMove, {}, async (ctx, { form }) => {
      const { start, message } = form
      await change(ctx, adminApi.meetings.move, {
        action: 'move',
        ...(message ? { message } : {}),
        slot: chosenStart(rules, start),
        emails: owed(ctx, meetingEmailKinds.moved),
        reminder: reminderFor(rules),
      })
    }),
  )
  route(
    router,
    adminApi.meetings.cancel,
    ...admin,
    ...jsonBody,
    validateBody(validateAdminCancel, {}, async (ctx, { form }) => {
      const { message } = form
      await change(ctx, adminApi.meetings.cancel, { action: 'cancel', ...(message ? { message } : {}), emails: owed(ctx, meetingEmailKinds.cancelled) })
    }),
  )
  route(
    router,
    adminApi.meetings.state,
    ...admin,
    ...jsonBody,
    validateBody(validateAdminState, {}, async (ctx, { form }) => {
      const { state } = form
      await change(ctx, adminApi.meetings.state, { action: state === 'unmarked' ? 'unmark' : state, emails: noEmails })
    }),
  )

  // Not spam offers this: the same start again, if the booking's check of free starts still finds it free.
  route(router, adminApi.meetings.rebook, ...admin, ...jsonBody, async (ctx) => {
    const record = await store.meeting(ctx.params.id!)
    if (!record) throw createError(404, 'No such meeting')
    if (!mayBookAgain(record)) throw createError(409, 'Only a meeting cancelled with its lead marked spam, the lead no longer spam, can be booked again')
    await change(ctx, adminApi.meetings.rebook, {
      action: 'rebook',
      lead: 'rebooked',
      expectSequence: record.meeting.sequence,
      slot: chosenStart(rules, record.meeting.start),
      // The visitor was never told of the cancellation: their invitation still says this start; only its reminder is queued again.
      emails: owed(ctx, []),
      reminder: reminderFor(rules),
    })
  })

  // The address and its rotation are the admin's (scope `admin`), never a token's: the address outlives
  // any token, and the agency's calendar follows it.
  route(router, adminApi.meetings.calendarFeed, ...admin, async (ctx) => {
    answer(ctx, adminApi.meetings.calendarFeed, { url: feedUrl(ctx, await store.calendarFeedSecret(false)) })
  })
  route(router, adminApi.meetings.rotateCalendarFeed, ...admin, async (ctx) => {
    answer(ctx, adminApi.meetings.rotateCalendarFeed, { url: feedUrl(ctx, await store.calendarFeedSecret(true)) })
  })
  return router
}

/**
 * GET /api/calendar/<secret>.ics: every upcoming meeting still on, for the agency's calendar app, with
 * the visitor's name, business, phone and a link to the request. Anything but the current secret is 404.
 */
export function calendarFeedRoutes(config: Config, store: FormStore, rules: BookingRules) {
  const router = new Router()
  route(router, api.meetings.calendarFeed, async (ctx) => {
    const given = Buffer.from(String(ctx.params.file ?? '').replace(/\.ics$/, ''))
    const secret = Buffer.from(await store.calendarFeedSecret(false))
    if (!String(ctx.params.file).endsWith('.ics') || given.length !== secret.length || !timingSafeEqual(given, secret)) throw createError(404, 'Not Found')
    const site = (config.siteUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '')
    const now = rules.now().getTime()
    const records = await store.meetingsBetween(new Date(now - dayMs).toISOString(), new Date(now + 366 * dayMs).toISOString())
    const entries = records
      // A spam lead's meeting is left out even if it is still booked (one booked before meetings followed their lead).
      .filter((record) => record.meeting.state !== 'cancelled' && statusOf(record) !== 'spam')
      .map((record) => {
        const url = `${site}${urls.admin.consultations}?id=${encodeURIComponent(record.id)}`
        const service = labelOf(consultationServices, record.serviceInterest)
        return {
          uid: `${record.meeting.id}@${new URL(site).hostname}`,
          sequence: record.meeting.sequence,
          start: record.meeting.start,
          end: record.meeting.end,
          summary: `${record.businessName} (${record.contactName})`,
          description: `${record.contactName}, ${record.businessName}\n${record.phone}\n${record.email}\n${service}\n${url}`,
          url,
          location: placeOf(record, record.meeting, { place: rules.settings.place, unsubscribeSecret: config.unsubscribeSecret! }).location,
          stamp: new Date(record.meeting.history.at(-1)?.at ?? record.receivedAt),
        }
      })
    ctx.set('Cache-Control', 'private, no-cache')
    ctx.type = 'text/calendar; charset=utf-8'
    answer(ctx, api.meetings.calendarFeed, feedIcs(rules.settings.calendarName, entries))
  })
  return router
}
