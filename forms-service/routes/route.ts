import type { Router, RouterContext, RouterMiddleware } from '@koa/router'
import type { AnswerOf, Endpoint } from '../../contract/wire/api.js'
import { declareScope } from '../middleware/adminAuth.js'

declare const serves: unique symbol

/** 'GET /api/admin/outbox': an endpoint as the compiler tells served ones apart. */
export type EndpointKey<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never

/** The keys of every endpoint of a contract group, its nested groups included. */
export type EndpointKeys<G> = { [K in keyof G]: G[K] extends Endpoint ? EndpointKey<G[K]> : EndpointKeys<G[K]> }[keyof G]

/** A router that serves `K`, for the compiler only: route() adds each endpoint to its router's type. */
export type Serves<K extends string> = { readonly [serves]?: { readonly [P in K]: true } }

/**
 * Registers `middleware` for `endpoint`, at the method and path the contract declares (contract/wire/api.ts);
 * from then on the compiler knows `router` serves it, and the router returned from a routes module says so.
 * An endpoint's `scope` and `role` go first, for the admin check to hold a token or a person to (adminAuth.ts declareScope).
 */
export function route<E extends Endpoint>(router: Router, endpoint: E, ...middleware: RouterMiddleware[]): asserts router is Router & Serves<EndpointKey<E>> {
  router.register(endpoint.path, [endpoint.method], endpoint.scope || endpoint.role ? [declareScope(endpoint), ...middleware] : middleware)
}

/**
 * Registers a handler for every endpoint of `group`, in its order: a group's routes as one table keyed
 * like the group (ts-rest's router), for a group served by one generic function (an inbox).
 */
export function serveGroup<G extends Record<string, Endpoint>>(
  router: Router,
  group: G,
  handlers: { [K in keyof G]: RouterMiddleware[] },
): Router & Serves<EndpointKeys<G>> {
  for (const [key, endpoint] of Object.entries(group)) route(router, endpoint, ...handlers[key as keyof G])
  return router
}

type Together<R> = R extends readonly [infer First, ...infer Rest] ? First & Together<Rest> : unknown
type ServedBy<R> = Together<R> extends { readonly [serves]?: infer S } ? keyof NonNullable<S> : never

/**
 * `routers`, when together they serve every endpoint of `contract` (ts-rest's exhaustive router, for koa-router):
 * an endpoint declared in contract/ and never served is a type error here naming it (`unserved: "GET /api/…"`),
 * not a 404 found in production.
 */
export function servingEvery<G, const R extends readonly Router[]>(
  _contract: G,
  routers: R & ([Exclude<EndpointKeys<G>, ServedBy<R>>] extends [never] ? unknown : { unserved: Exclude<EndpointKeys<G>, ServedBy<R>> }),
): R {
  return routers
}

/** One router that several functions registered routes on: it serves what each of them did. */
export const sameRouter = <const R extends readonly [Router, ...Router[]]>(...routers: R): Together<R> => routers[0] as Together<R>

/** Answers `endpoint` with `body`, which must be what the contract says it answers; `status` if not 200. */
export function answer<E extends Endpoint>(ctx: RouterContext, _endpoint: E, body: AnswerOf<E>, status?: number): void {
  if (status !== undefined) ctx.status = status
  ctx.body = body
}
