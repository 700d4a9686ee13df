import { Router } from '@koa/router'
import type { ValidateFunction } from 'ajv'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { fieldErrors } from '../../contract/forms/fieldErrors.js'
import { storableTextPattern } from '../../contract/forms/limits.js'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { sameOrigin } from '../middleware/sameOrigin.js'

/**
 * A router for admin routes whose answers are never cached, and `admin`, the checks every admin
 * route takes first: the session or bearer secret, then (for changes) the site's own origin.
 */
export function adminRouter(auth: AdminAuth, corsOrigins: readonly string[]): { router: Router; admin: Middleware[] } {
  const router = new Router()
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store')
    await next()
  })
  return { router, admin: [auth.requireAdmin, sameOrigin(corsOrigins), storableIdOnly] }
}

const storableId = new RegExp(storableTextPattern, 'u')

// An id no store can hold (a NUL, a lone surrogate) names no record: 404 here (after the credentials
// are checked), before PostgreSQL would refuse the query with a 500.
const storableIdOnly: Middleware = async (ctx, next) => {
  const id: unknown = ctx.params?.id
  if (typeof id === 'string' && !storableId.test(id)) throw createError(404, 'No such record')
  await next()
}

const defaultLimit = 50

/** A list's query string checked against its schema (400 naming each bad parameter), with paging defaults. */
export function listQuery<Q extends { offset?: string; limit?: string }>(
  ctx: Context,
  validate: ValidateFunction<Q>,
): Omit<Q, 'offset' | 'limit'> & { offset: number; limit: number } {
  const query: unknown = { ...ctx.query }
  if (!validate(query)) throw createError(400, 'Invalid query', { fields: fieldErrors(validate.errors) })
  return {
    ...query,
    offset: query.offset === undefined ? 0 : Number(query.offset),
    limit: query.limit === undefined ? defaultLimit : Number(query.limit),
  }
}
