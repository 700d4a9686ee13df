import { randomUUID } from 'node:crypto'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { ValidateFunction } from 'ajv'
import createError from 'http-errors'
import type { Context } from 'koa'
import { bodyField, fieldErrors } from '../../contract/forms/fieldErrors.js'
import { notBlankPattern } from '../../contract/forms/limits.js'

/**
 * Extra checks that need more than the schema (today's date, for instance): field -> message, and the
 * sentences that explain them (which rule a date broke), shown under the messages.
 */
export type ExtraCheck = (body: Record<string, unknown>) => { fields?: Record<string, string>; notes?: string[] }

/** What a form sends only for the spam checks, never stored: the honeypot and the time on screen. */
type SpamCheck = '_gotcha' | '_elapsedMs'

/**
 * A valid body as sent, and as stored: strings trimmed, nothing-visible fields, the honeypot and the
 * time on screen left out. `elapsedMs` is that time (undefined when the form sent none).
 */
export interface Valid<T> {
  body: T
  form: Omit<T, SpamCheck>
  elapsedMs: number | undefined
}

/** What a filled honeypot is answered besides a made-up id, so that it reads like a real answer (a consultation's meeting). */
export type Decoy = (body: Record<string, unknown>) => Record<string, unknown>

/**
 * Validates `ctx.request.body` against a form schema; a failure is 400 `{ error, fields }` with the
 * schema's messages. On forms (`honeypot`), a filled `_gotcha` is answered like a success (201, and
 * what `honeypot` adds when it is a Decoy) and goes no further: nothing stored, no meeting, no email.
 * A valid body goes to `handle`, typed by the validator (so by the schema).
 */
export function validateBody<T>(
  validate: ValidateFunction<T>,
  options: { honeypot?: boolean | Decoy; extraCheck?: ExtraCheck },
  handle: (ctx: RouterContext, valid: Valid<T>) => Promise<void>,
): RouterMiddleware {
  const { honeypot = false, extraCheck } = options
  return async (ctx) => {
    const body: unknown = ctx.request.body
    if (honeypot && isObject(body) && Object.hasOwn(body, '_gotcha') && body._gotcha !== '' && body._gotcha != null) {
      return answerUnstored(ctx, typeof honeypot === 'function' ? honeypot(body) : {})
    }
    const valid = validate(body)
    const fields = fieldErrors(validate.errors)
    const extra = isObject(body) ? extraCheck?.(body) : undefined
    for (const [field, message] of Object.entries(extra?.fields ?? {})) fields[field] ??= message
    if (!valid || Object.keys(fields).length > 0) throw createError(400, 'Validation failed', { fields: bounded(fields), notes: extra?.notes ?? [] })
    const elapsed = (body as Record<string, unknown>)._elapsedMs
    await handle(ctx, { body, form: cleaned(body), elapsedMs: typeof elapsed === 'number' ? elapsed : undefined })
  }
}

/** What a form the service drops (a bot's honeypot, a blocked sender) is answered: a success like any other, nothing stored. */
export function answerUnstored(ctx: Context, decoy: Record<string, unknown> = {}): void {
  ctx.status = 201
  ctx.body = { id: randomUUID(), ...decoy }
}

const reportedFields = 20
const reportedNameLength = 100

/** At most 20 fields, names cut at 100 characters: an answer never echoes a huge body back. */
function bounded(fields: Record<string, string>): Record<string, string> {
  const entries = Object.entries(fields)
  if (entries.length <= reportedFields && entries.every(([name]) => name.length <= reportedNameLength)) return fields
  const kept = new Map(
    entries.slice(0, reportedFields).map(([name, message]) => [name.length > reportedNameLength ? `${name.slice(0, reportedNameLength)}…` : name, message]),
  )
  if (entries.length > reportedFields) kept.set(bodyField, `${entries.length - reportedFields} more fields are not valid`)
  return Object.fromEntries(kept)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const visible = new RegExp(notBlankPattern, 'u')

// { name: ' Ann ', message: ' \u200b ', _gotcha: '' } -> { name: 'Ann' }: nothing visible is nothing. The
// schemas ask for something visible in every required field, so only optional ones are left out.
function cleaned<T>(body: T): Omit<T, SpamCheck> {
  const form: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === '_gotcha' || key === '_elapsedMs') continue
    if (typeof value !== 'string') form[key] = value
    else if (visible.test(value)) form[key] = value.trim()
  }
  return form as Omit<T, SpamCheck>
}
