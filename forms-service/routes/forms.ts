import { Router } from '@koa/router'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import type { Config } from '../config.js'
import { formBody } from '../middleware/formBody.js'
import { htmlFormAnswers, type FormName, type FormPages } from '../middleware/htmlFormAnswers.js'
import { submissionKey } from '../middleware/submissionKey.js'
import { rateLimit } from '../middleware/rateLimit.js'
import { validateBody } from '../middleware/validateBody.js'
import { isOfferedConsultationDate } from '../../contract/consultationDates.js'
import { formatDay, windowLabel, timeSlotValues, type TimeSlot } from '../../contract/booking.js'
import { freeWindowsSentence, windowFullMessage, type ConsultationCreated } from '../../contract/meetingApi.js'
import { reminderFor, slotFor, windowsWithRoom, type BookingRules } from '../booking/schedule.js'
import { WindowFullError } from '../store/meetings.js'
import type { ConsultationFields, ContactFields, FormStore } from '../store/formStore.js'
import { emailsFor } from '../outbox/render.js'
import { validateConsultation, validateContact, validateNewsletter } from '../validators.js'
import { consultationSchema } from '../../contract/consultation.js'
import { contactSchema } from '../../contract/contact.js'

/**
 * The three form POSTs. A 201 is sent only once the record is on disk, with the emails it
 * owes queued in the same commit; they are sent afterwards (outbox/sender.ts).
 */
export function formRoutes(config: Config, store: FormStore, pages: FormPages, rules: BookingRules): Router {
  const router = new Router()
  const { now, closedDays } = rules
  const limit = rateLimit(config.rateLimitPerMinute, store.coordination.rateCounter)
  const offeredDate = (body: Record<string, unknown>): Record<string, string> =>
    typeof body.date === 'string' && !isOfferedConsultationDate(body.date, now(), closedDays) ? { date: 'Please select a date' } : {}
  // JSON from the widgets or urlencoded from an HTML form; the same checks in the same order for both.
  const form = (name: FormName): Middleware[] => [htmlFormAnswers(name, pages), limit, formBody, submissionKey]

  router.post('/api/consultation', ...form('consultation'), validateBody(validateConsultation, { honeypot: true, extraCheck: offeredDate }), book(store, rules))
  router.post(
    '/api/contact',
    ...form('contact'),
    validateBody(validateContact, { honeypot: true }),
    saved((ctx) => store.addContact(ctx.state.form as ContactFields, emailsFor.contacts, ctx.state.submissionKey), contactSchema),
  )
  // An address already subscribed answers with its first record anyway: no key needed.
  router.post(
    '/api/newsletter-subscription',
    ...form('newsletter'),
    validateBody(validateNewsletter, { honeypot: true }),
    saved((ctx) => store.subscribe((ctx.state.form as { email: string }).email, emailsFor.newsletterSubscribers)),
  )
  return router
}

/**
 * 201 `{ id, meeting: { start, end } }`: the request stored with its meeting at the first start of the
 * chosen window with room. A full window is 400 on `timeSlot`; the HTML error page also names the
 * windows of that day that still have room. Nothing is stored.
 */
function book(store: FormStore, rules: BookingRules): Middleware {
  return async (ctx) => {
    const form = ctx.state.form as ConsultationFields
    const record = await store
      .bookConsultation(form, emailsFor.consultations, ctx.state.submissionKey, slotFor(rules, form.date, form.timeSlot), reminderFor(rules))
      .catch(async (error: unknown) => {
        if (!(error instanceof WindowFullError)) throw createError(503, 'The form could not be saved, please try again later', { cause: error })
        const rooms = (await windowsWithRoom(store, rules, [form.date]).catch(() => undefined))?.get(form.date)
        const free = timeSlotValues.filter((window: TimeSlot) => rooms?.[window]).map(windowLabel)
        throw createError(400, 'Validation failed', {
          fields: { timeSlot: windowFullMessage },
          notes: rooms ? [freeWindowsSentence(formatDay(form.date), free)] : [],
        })
      })
    if (!sameFields(record as unknown as Record<string, unknown>, form, Object.keys(consultationSchema.properties))) {
      throw createError(422, 'This Idempotency-Key was used for a different submission: send this one with a new key')
    }
    ctx.status = 201
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { id: record.id, meeting: { start: record.meeting.start, end: record.meeting.end } } satisfies ConsultationCreated
  }
}

/**
 * 201 `{ id }`; a store that cannot write answers 503, never a half-truth. With a `schema`, the record
 * the store answers (the first one of a submission key) must hold the fields just sent: a key reused
 * for other text is 422, where a 201 would drop that text unseen.
 */
function saved(save: (ctx: Context) => Promise<{ id: string }>, schema?: { properties: object }): Middleware {
  return async (ctx) => {
    const record = await save(ctx).catch((error: unknown) => {
      throw createError(503, 'The form could not be saved, please try again later', { cause: error })
    })
    if (schema && !sameFields(record as unknown as Record<string, unknown>, ctx.state.form as Record<string, unknown>, Object.keys(schema.properties))) {
      throw createError(422, 'This Idempotency-Key was used for a different submission: send this one with a new key')
    }
    ctx.status = 201
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { id: record.id }
    // On the request's log line: the emails queued with the record are found by it (their `about`).
    ctx.state.recordId = record.id
  }
}

/** Whether `record` holds exactly the form fields of `form` (as validateBody left them: trimmed, blanks left out). */
function sameFields(record: Record<string, unknown>, form: Record<string, unknown>, fields: readonly string[]): boolean {
  return fields.every((field) => record[field] === form[field])
}
