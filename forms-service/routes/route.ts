import type { Router, RouterContext, RouterMiddleware } from '@koa/router'
import type { AnswerOf, Endpoint } from '../../contract/wire/api.js'

/** Registers `middleware` for `endpoint`, at the method and path the contract declares (contract/wire/api.ts). */
export function route(router: Router, endpoint: Endpoint, ...middleware: RouterMiddleware[]): void {
  router.register(endpoint.path, [endpoint.method], middleware)
}

/** Answers `endpoint` with `body`, which must be what the contract says it answers; `status` if not 200. */
export function answer<E extends Endpoint>(ctx: RouterContext, _endpoint: E, body: AnswerOf<E>, status?: number): void {
  if (status !== undefined) ctx.status = status
  ctx.body = body
}
