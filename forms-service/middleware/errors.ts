import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { STATUS_CODES } from 'node:http'
import { redactPath } from '../redact.js'
import { requestLogger } from './requestLog.js'
import { isHtmlForm } from './formBody.js'

interface HttpLikeError {
  status?: number
  statusCode?: number
  expose?: boolean
  message?: string
  type?: string
  headers?: Record<string, string>
  fields?: Record<string, string>
  /** Sentences that explain the fields' messages (which rule a date broke, the starts still free). */
  notes?: string[]
  /** What the error page says instead of `message`, in the site's words (a meeting that can no longer be changed). */
  page?: string
}

/** The page of an HTML form's refusal: the site's error page with these sentences (htmlFormAnswers.ts formPages). */
export type ProblemsPage = (messages: string[]) => string

/**
 * Marks a post of an HTML form (no JavaScript): a refusal of it is answered with the site's error page
 * rather than JSON, by `errors`, with the same status.
 */
export const answersWithPage: Middleware = (ctx, next) => {
  if (isHtmlForm(ctx)) ctx.state.answersWithPage = true
  return next()
}

// Errors from the body parser (raw-body / co-body), by their `type`, in words a client can act on.
const bodyErrors: Record<string, string> = {
  'entity.too.large': 'Request body is too large',
  'entity.parse.failed': 'Malformed JSON',
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset',
  'request.aborted': 'Request aborted',
}

/**
 * The one place where errors become replies: `{ "error": "..." }` plus `fields` (and `notes`) for
 * validation failures; for a post `answersWithPage` marked, a refusal (4xx, or 503 when the store
 * cannot write) is the site's error page with the same sentences and status. A 5xx never shows its
 * message; it is logged instead.
 */
export function errors(logger: Logger, problems: ProblemsPage): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (caught) {
      const error = (typeof caught === 'object' && caught !== null ? caught : {}) as HttpLikeError
      const raw = error.status ?? error.statusCode
      // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR…; brotli's ERR__ERROR_FORMAT_…) carry no status: a body
      // that does not inflate is the client's.
      const code = (caught as { code?: unknown })?.code
      const badCompression = typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code)
      const status = badCompression ? 400 : typeof raw === 'number' && raw >= 400 && raw < 600 ? raw : 500
      if (status >= 500) (requestLogger(ctx) ?? logger).error({ err: caught, method: ctx.method, path: redactPath(ctx.path) }, 'request failed')
      // co-body rejects bad JSON, bare primitives and `__proto__` keys with a SyntaxError.
      const malformed = caught instanceof SyntaxError && status === 400 ? 'Malformed JSON' : undefined
      const message =
        malformed ??
        (badCompression ? 'Malformed compressed body' : undefined) ??
        (error.type && bodyErrors[error.type]) ??
        (status < 500 && error.expose && error.message ? error.message : (STATUS_CODES[status] ?? 'Error'))
      ctx.status = status
      ctx.set('Cache-Control', 'no-store')
      if (error.headers && status < 500) ctx.set(error.headers)
      if (ctx.state.answersWithPage === true && (status < 500 || status === 503)) {
        ctx.type = 'text/html; charset=utf-8'
        const said = error.page ?? (status === 503 && error.message ? error.message : message)
        ctx.body = problems(error.fields ? [...Object.values(error.fields), ...(error.notes ?? [])] : [said])
        return
      }
      const notes = error.fields && error.notes?.length ? { notes: error.notes } : {}
      ctx.body = error.fields ? { error: message, fields: error.fields, ...notes } : { error: message }
    }
  }
}
