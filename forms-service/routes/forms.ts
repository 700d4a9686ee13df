import { Router, type RouterContext } from '@koa/router'
import createError from 'http-errors'
import type { Middleware } from 'koa'
import { api, type FormName } from '../../contract/api.js'
import type { Config } from '../config.js'
import { formBody } from '../middleware/formBody.js'
import { htmlFormAnswers, type FormPages } from '../middleware/htmlFormAnswers.js'
import { submissionKey } from '../middleware/submissionKey.js'
import { rateLimit } from '../middleware/rateLimit.js'
import { validateBody } from '../middleware/validateBody.js'
import { isOfferedConsultationDate, type ClosedDays } from '../../contract/consultationDates.js'
import type { FormStore } from '../store/formStore.js'
import { emailsFor } from '../outbox/render.js'
import { answer, route } from './route.js'
import { validateConsultation, validateContact, validateNewsletter } from '../validators.js'

/**
 * The three form POSTs. A 201 is sent only once the record is on disk, with the emails it
 * owes queued in the same commit; they are sent afterwards (outbox/sender.ts).
 */
export function formRoutes(config: Config, store: FormStore, now: () => Date, pages: FormPages, closedDays: ClosedDays): Router {
  const router = new Router()
  const limit = rateLimit(config.rateLimitPerMinute, store.coordination.rateCounter)
  const offeredDate = (body: Record<string, unknown>): Record<string, string> =>
    typeof body.date === 'string' && !isOfferedConsultationDate(body.date, now(), closedDays) ? { date: 'Please select a date' } : {}
  // JSON from the widgets or urlencoded from an HTML form; the same checks in the same order for both.
  const form = (name: FormName): Middleware[] => [htmlFormAnswers(name, pages), limit, formBody, submissionKey]

  route(
    router,
    api.forms.consultation,
    ...form('consultation'),
    validateBody(validateConsultation, { honeypot: true, extraCheck: offeredDate }, async (ctx, { form }) =>
      saved(ctx, api.forms.consultation, () => store.addConsultation(form, emailsFor.consultations, ctx.state.submissionKey)),
    ),
  )
  route(
    router,
    api.forms.contact,
    ...form('contact'),
    validateBody(validateContact, { honeypot: true }, async (ctx, { form }) =>
      saved(ctx, api.forms.contact, () => store.addContact(form, emailsFor.contacts, ctx.state.submissionKey)),
    ),
  )
  // An address already subscribed answers with its first record anyway: no key needed.
  route(
    router,
    api.forms.newsletter,
    ...form('newsletter'),
    validateBody(validateNewsletter, { honeypot: true }, async (ctx, { form }) =>
      saved(ctx, api.forms.newsletter, () => store.subscribe(form.email, emailsFor.newsletterSubscribers)),
    ),
  )
  return router
}

/** 201 `{ id }`; a store that cannot write answers 503, never a half-truth. */
async function saved(ctx: RouterContext, endpoint: (typeof api.forms)[FormName], save: () => Promise<{ id: string }>): Promise<void> {
  const record = await save().catch((error: unknown) => {
    throw createError(503, 'The form could not be saved, please try again later', { cause: error })
  })
  ctx.set('Cache-Control', 'no-store')
  answer(ctx, endpoint, { id: record.id }, 201)
}
