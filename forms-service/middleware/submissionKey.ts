import { createHash } from 'node:crypto'
import createError from 'http-errors'
import type { Middleware } from 'koa'

const keyPattern = /^[\x21-\x7e]{8,200}$/

/**
 * The key of a submission attempt, in `ctx.state.submissionKey`: the `Idempotency-Key` header (the
 * site's widgets send one per attempt), or an HTML form's `_key` field (removed from the body). An
 * HTML form without one (no JavaScript to make it) is keyed by the client's address and the exact
 * body, so the same form sent twice (a reload, a lost answer) is one submission. The same key within
 * 24 hours gets the first answer (store.ts) if it carries the same fields (routes/forms.ts; else 422).
 * A key is its client's: the digest includes the client's address, so a key another client used is
 * another submission, and never answers with, or tells of, someone else's record.
 */
export const submissionKey: Middleware = async (ctx, next) => {
  const body = ctx.request.body as Record<string, unknown> | undefined
  const fromForm = ctx.state.bodyKind === 'form' && body && typeof body._key === 'string' ? body._key : undefined
  if (ctx.state.bodyKind === 'form' && body) delete body._key
  const given = ctx.get('Idempotency-Key') || fromForm || undefined
  if (given !== undefined && !keyPattern.test(given)) throw createError(400, 'Idempotency-Key must be 8 to 200 visible ASCII characters')
  const key = given !== undefined ? `given:${ctx.ip}:${given}` : ctx.state.bodyKind === 'form' ? `derived:${ctx.ip}:${JSON.stringify(body)}` : undefined
  // Only a digest is stored: a derived key holds the whole body.
  ctx.state.submissionKey = key === undefined ? undefined : createHash('sha256').update(`${ctx.path}\n${key}`).digest('base64url')
  await next()
}
