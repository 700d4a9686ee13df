import { Router, type RouterContext } from '@koa/router'
import createError from 'http-errors'
import type { Middleware } from 'koa'
import { api, type AnswerOf, type FormName } from '../../contract/wire/api.js'
import type { Config } from '../config.js'
import { formBody, isHtmlForm } from '../middleware/formBody.js'
import { htmlFormAnswers, type FormPages } from '../middleware/htmlFormAnswers.js'
import { submissionKey } from '../middleware/submissionKey.js'
import { leadSource } from '../middleware/leadSource.js'
import { owed } from '../middleware/requestLog.js'
import { blockedSender, keptIfCaught } from '../middleware/blockedSender.js'
import { rateLimit } from '../middleware/rateLimit.js'
import { validateBody, type ExtraCheck } from '../middleware/validateBody.js'
import { bookingZoneLabel, formatDay, formatStartTime, isTimeZone, windowLabel, timeSlotValues, type TimeSlot } from '../../contract/booking/booking.js'
import { isOfferedConsultationDate } from '../../contract/booking/consultationDates.js'
import {
  addressCapMessage,
  freeStartsSentence,
  freeWindowsSentence,
  personHasMeetingMessage,
  startTakenMessage,
  windowFullMessage,
} from '../../contract/wire/meetingApi.js'
import { offeredDate, reminderFor, slotFor, startsOn, type BookingRules } from '../booking/schedule.js'
import type { ConsultationRequest } from '../../contract/wire/consultation.js'
import { bookingCaps } from '../booking/caps.js'
import { blockableNetwork, clientKeys, type ClientKeys } from '../clientNetwork.js'
import { BookingCapError, type BookingCaps, WindowFullError } from '../store/meetings.js'
import type { Arrival, ConsultationFields, FormStore } from '../store/formStore.js'
import { emailsFor, meetingEmailKinds } from '../outbox/render.js'
import { suspicionOf } from '../spam.js'
import { answer, route } from './route.js'
import { validateConsultation, validateContact, validateNewsletter } from '../validators.js'
import { consultationSchema } from '../../contract/wire/consultation.js'
import { contactSchema } from '../../contract/wire/contact.js'
import { challengeFailedMessage, challengeHeader, challengeNeededMessage, challengeStatus, type ChallengeNeeded } from '../../contract/wire/challenge.js'
import type { BookingGate } from '../booking/challenge.js'
import { nextLeadOwner } from '../people/leadOwner.js'

/**
 * The three form POSTs. A 201 is sent only once the record is on disk, with the emails it
 * owes queued in the same commit; they are sent afterwards (outbox/sender.ts).
 */
export function formRoutes(config: Config, store: FormStore, pages: FormPages, rules: BookingRules, challenge: ChallengeUse) {
  const router = new Router()
  const limit = rateLimit(config.rateLimitPerMinute, store.coordination.rateCounter, rules.now)
  const dateCheck = offeredDate(rules)
  const consultationCheck: ExtraCheck = (body) => {
    const { fields = {}, notes } = dateCheck(body)
    if (typeof body.timeZone === 'string' && body.timeZone !== '' && !isTimeZone(body.timeZone))
      fields.timeZone = 'timeZone must be an IANA time zone, such as America/New_York'
    return { fields, notes }
  }
  // A bot that filled the honeypot reads a meeting as a person would: the first start of the window it chose.
  const decoyMeeting = (body: Record<string, unknown>) => {
    const { date, timeSlot } = body
    if (typeof date !== 'string' || !isOfferedConsultationDate(date, rules.now(), rules.closedDays) || !timeSlotValues.includes(timeSlot as TimeSlot)) return {}
    const start = slotFor(rules, date, timeSlot as TimeSlot).starts[0]
    return start ? { meeting: { start, end: new Date(Date.parse(start) + rules.settings.meetingMinutes * 60_000).toISOString() } } : {}
  }
  // Where a post came from, as the caps and the budgets of emails to strangers count it: keyed hashes of its client and network.
  const reach: Middleware = async (ctx, next) => {
    const keys = clientKeys(config.unsubscribeSecret!, ctx.ip)
    if (keys) ctx.state.clientKeys = keys
    ctx.state.network = blockableNetwork(ctx.ip) ?? undefined
    await next()
  }
  // JSON from the widgets or urlencoded from an HTML form; the same checks in the same order for both.
  const form = (name: FormName): Middleware[] => [
    htmlFormAnswers(name, pages),
    limit,
    formBody,
    blockedSender(store, rules.now),
    submissionKey,
    leadSource(config),
    reach,
  ]

  route(
    router,
    api.forms.consultation,
    ...form('consultation'),
    validateBody(validateConsultation, { honeypot: decoyMeeting, extraCheck: consultationCheck }, async (ctx, { body, form, elapsedMs }) => {
      if (await keptIfCaught(ctx, store, { form: 'consultation', fields: form }, decoyMeeting(body))) return
      const suspicion = suspicionOf(form, elapsedMs)
      const go = await challenged(ctx, challenge, rules.now())
      // Where it came from, as the admin may block it (contract/wire/records.ts `network`).
      const stored = ctx.state.network ? { ...form, network: ctx.state.network as string } : form
      if (go === 'unheld') return keptUnheld(ctx, store, stored, suspicion)
      if (go === 'book')
        await book(ctx, store, rules, stored, suspicion, bookingCaps(config, rules, form.email, ctx.state.clientKeys as ClientKeys | undefined))
    }),
  )
  route(
    router,
    api.forms.contact,
    ...form('contact'),
    validateBody(validateContact, { honeypot: true }, async (ctx, { form, elapsedMs }) => {
      if (await keptIfCaught(ctx, store, { form: 'contact', fields: form })) return
      const suspicion = suspicionOf(form, elapsedMs)
      await saved(
        ctx,
        api.forms.contact,
        async () =>
          store.addContact({
            fields: form,
            emails: owed(ctx, emailsFor.contacts),
            submissionKey: ctx.state.submissionKey,
            suspicion,
            owner: await nextLeadOwner(store),
          }),
        {
          reply: ({ id }) => ({ id }),
          sent: { form, fields: comparedFields(contactSchema) },
        },
      )
    }),
  )
  // An address already subscribed answers with its first record anyway: no key needed.
  route(
    router,
    api.forms.newsletter,
    ...form('newsletter'),
    validateBody(validateNewsletter, { honeypot: true }, async (ctx, { form }) => {
      if (await keptIfCaught(ctx, store, { form: 'newsletter', fields: form })) return
      await saved(
        ctx,
        api.forms.newsletter,
        () => store.subscribe({ email: form.email, emails: owed(ctx, emailsFor.newsletterSubscribers), source: form.source }),
        {
          reply: ({ id }) => ({ id }),
        },
      )
    }),
  )
  return router
}

/** The booking challenge (booking/challenge.ts) and what is counted of it. */
export interface ChallengeUse {
  gate: BookingGate
  challenged: (outcome: 'issued' | 'solved' | 'failed') => void
}

/**
 * What the challenge makes of a booking: it goes on ('book'); it is answered 428 with the challenge to
 * solve (contract/wire/challenge.ts), or refused 400 for a solution that failed ('answered'); or, from an
 * HTML form, which cannot solve one, it is kept as a request that holds no start ('unheld'): no flood of
 * plain posts can book the calendar out, and no lead is lost (docs/decisions.md, "A challenge when booking
 * is unusual").
 */
async function challenged(ctx: RouterContext, { gate, challenged }: ChallengeUse, now: Date): Promise<'book' | 'answered' | 'unheld'> {
  const html = isHtmlForm(ctx)
  const solution = html ? undefined : ctx.get(challengeHeader) || undefined
  const answer = await gate.check(solution, now)
  if (answer.pass) {
    if (solution) challenged('solved')
    return 'book'
  }
  if ('failed' in answer) {
    challenged('failed')
    throw createError(400, challengeFailedMessage)
  }
  if (html) return 'unheld'
  challenged('issued')
  ctx.set('Cache-Control', 'no-store')
  ctx.status = challengeStatus
  ctx.body = { error: challengeNeededMessage, challenge: answer.challenge } satisfies ChallengeNeeded
  return 'answered'
}

/**
 * Stores a request without a meeting and answers 201 with its id: an HTML form's, which htmlFormAnswers
 * turns into the thank-you page. The agency is told, and the visitor is emailed the hold link that gives
 * it its meeting (routes/meetings.ts): a flood of plain posts books nothing without a mailbox for each.
 */
async function keptUnheld(ctx: RouterContext, store: FormStore, { start: _start, ...form }: ConsultationFields & { start?: string }, suspicion: Arrival) {
  const save = async () =>
    store.addConsultation({
      fields: form,
      emails: owed(ctx, meetingEmailKinds.unheld),
      submissionKey: ctx.state.submissionKey,
      suspicion,
      owner: await nextLeadOwner(store),
    })
  const record = await storedOnce(ctx, save, { form, fields: storedConsultationFields })
  ctx.status = 201
  ctx.body = { id: record.id }
}

/**
 * The form's fields a repeated submission must repeat: all but the start (its meeting holds it) and the
 * source (where the visit came from, not what the visitor wrote; the first one stays).
 */
const comparedFields = (schema: { properties: object }) => Object.keys(schema.properties).filter((field) => field !== 'start' && field !== 'source')
const storedConsultationFields = comparedFields(consultationSchema)

/**
 * 201 `{ id, meeting: { start, end } }`: the request stored with its meeting at the start the visitor
 * picked, or else the first start of the chosen window with room. A picked start that is no longer free
 * is 400 on `start`, a full window 400 on `timeSlot`; the answer's notes (and the HTML error page) name
 * the starts, or the windows, of that day still free. A person with a meeting ahead already is 400 on
 * `email` (the widget shows it under the field); past the client address's bookings of the day, 429.
 * Nothing is stored.
 */
function book(
  ctx: RouterContext,
  store: FormStore,
  rules: BookingRules,
  { start, ...form }: Omit<ConsultationRequest, '_gotcha' | '_elapsedMs'>,
  suspicion: Arrival,
  caps: BookingCaps,
): Promise<void> {
  const save = async () =>
    store
      .bookConsultation({
        fields: form,
        emails: owed(ctx, emailsFor.consultations),
        submissionKey: ctx.state.submissionKey,
        slot: slotFor(rules, form.date, form.timeSlot, start),
        reminder: reminderFor(rules),
        suspicion,
        caps,
        owner: await nextLeadOwner(store),
      })
      .catch(async (error: unknown) => {
        if (error instanceof BookingCapError) {
          throw error.cap === 'person'
            ? createError(400, personHasMeetingMessage, { fields: { email: personHasMeetingMessage } })
            : createError(429, addressCapMessage)
        }
        if (!(error instanceof WindowFullError)) throw error
        const [day] = (await startsOn(store, rules, [form.date]).catch(() => undefined)) ?? []
        const dayName = formatDay(form.date)
        if (start !== undefined) {
          const times = (day?.starts ?? []).filter((free) => free.window === form.timeSlot).map((free) => formatStartTime(free.start))
          throw createError(400, 'Validation failed', {
            fields: { start: startTakenMessage },
            notes: day ? [freeStartsSentence(`${dayName}, ${windowLabel(form.timeSlot)}`, times, bookingZoneLabel)] : [],
          })
        }
        const free = timeSlotValues.filter((window) => day?.starts.some((free) => free.window === window)).map(windowLabel)
        throw createError(400, 'Validation failed', {
          fields: { timeSlot: windowFullMessage },
          // The windows still free, then their starts, so that a visitor without JavaScript can choose one.
          notes: day
            ? [
                freeWindowsSentence(dayName, free),
                ...(day.starts.length > 0
                  ? [
                      freeStartsSentence(
                        dayName,
                        day.starts.map((free) => formatStartTime(free.start)),
                        bookingZoneLabel,
                      ),
                    ]
                  : []),
              ]
            : [],
        })
      })
  return saved(ctx, api.forms.consultation, save, {
    sent: { form, fields: storedConsultationFields },
    reply: (record) => ({ id: record.id, meeting: { start: record.meeting.start, end: record.meeting.end } }),
  })
}

/** 201 with the endpoint's answer (`reply`) for the record `save` stores, as storedOnce takes it. */
async function saved<E extends (typeof api.forms)[FormName], R extends { id: string }>(
  ctx: RouterContext,
  endpoint: E,
  save: () => Promise<R>,
  options: { reply: (record: R) => AnswerOf<E>; sent?: Sent },
): Promise<void> {
  answer(ctx, endpoint, options.reply(await storedOnce(ctx, save, options.sent)), 201)
}

/** The form as sent (as validateBody left it) and its schema's fields that a repeated submission must repeat. */
type Sent = { form: object; fields: readonly string[] }

/**
 * The record `save` stores; a store that cannot write answers 503, never a half-truth (a refusal `save`
 * throws as an HTTP error, such as a full window, stays as it is). With what was `sent`, the record the
 * store answers (the first one of a submission key) must hold the fields just sent: a key reused for
 * other text is 422, where a 201 would drop that text unseen. The answer is kept out of caches, and the
 * request's log line names the record (the emails queued with it are found by it, their `about`).
 */
async function storedOnce<R extends { id: string }>(ctx: RouterContext, save: () => Promise<R>, sent?: Sent): Promise<R> {
  const record = await save().catch((error: unknown) => {
    if (createError.isHttpError(error)) throw error
    throw createError(503, 'The form could not be saved, please try again later', { cause: error })
  })
  if (sent && !sameFields(record, sent.form, sent.fields)) {
    throw createError(422, 'This Idempotency-Key was used for a different submission: send this one with a new key')
  }
  ctx.set('Cache-Control', 'no-store')
  ctx.state.recordId = record.id
  return record
}

/** Whether `record` holds exactly the form fields of `form` (as validateBody left them: trimmed, blanks left out). */
function sameFields(record: object, form: object, fields: readonly string[]): boolean {
  return fields.every((field) => Reflect.get(record, field) === Reflect.get(form, field))
}
