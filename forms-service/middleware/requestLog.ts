import type { ClientKeys } from '../clientNetwork.js'
import { randomUUID } from 'node:crypto'
import type { Context, Middleware } from 'koa'
import type { Logger } from 'pino'
import { redactPath } from '../redact.js'
import type { EmailsOwed } from '../store/inboxStore.js'

/** An id a proxy or client may pass on: short, and nothing a log reader could mistake for structure. */
const wellFormedId = /^[A-Za-z0-9._:-]{1,128}$/

/** This process's part of the ids it makes: the replicas' and the restarts' ids stay apart. */
/**
 * Gives every request an id and a logger that carries it (`requestLogger(ctx)`), then writes one JSON
 * line per request. The id is the incoming `X-Request-Id` when it is well formed (a proxy's, so one id
 * follows the request through every log), a new one otherwise, and is echoed in the answer. The
 * emails the request queues carry it too (`owed`), for the sender's lines.
 * Never the body, query string or headers: they can carry emails and passwords; the path without the
 * secrets some addresses carry (redact.ts).
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now()
    const given = ctx.get('X-Request-Id')
    const requestId = wellFormedId.test(given) ? given : randomUUID()
    ctx.state.requestId = requestId
    ctx.state.serviceLogger = logger
    ctx.set('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      const recordId: unknown = ctx.state.recordId
      const apiToken: unknown = ctx.state.apiToken
      // The fields a child logger would add, without making one.
      logger.info({
        requestId,
        method: ctx.method,
        path: redactPath(ctx.path),
        status: ctx.status,
        durationMs: Math.round((performance.now() - start) * 10) / 10,
        ...(typeof recordId === 'string' ? { recordId } : {}),
        // Which API token made the call (its id, never the token): a script's calls can be told apart.
        ...(typeof apiToken === 'string' ? { apiToken } : {}),
      })
    }
  }
}

/**
 * The logger of the request `ctx` is answering: every line names its id. Made when something logs
 * besides the request line (rarely): a child logger per request, or a getter defined on each request's
 * state, was a measurable part of a subscription's time (docs/performance.md).
 */
export function requestLogger(ctx: Context): Logger | undefined {
  const logger = ctx.state.serviceLogger as Logger | undefined
  return logger?.child({ requestId: requestIdOf(ctx) })
}

/** The id requestLog gave the request `ctx` is answering. */
export const requestIdOf = (ctx: Context): string => ctx.state.requestId as string

/**
 * The emails of `kinds` the request `ctx` is answering owes, named by its id. Passed to the store, not
 * kept in async context: that installs promise hooks that slowed every request (docs/performance.md).
 */
export const owed = (ctx: Context, kinds: readonly string[]): EmailsOwed => ({
  kinds,
  requestId: requestIdOf(ctx),
  ...(ctx.state.clientKeys ? { from: ctx.state.clientKeys as ClientKeys } : {}),
})
