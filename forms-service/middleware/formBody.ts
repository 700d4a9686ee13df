import contentType from 'content-type'
import createError from 'http-errors'
import inflate from 'inflation'
import type { Context, Middleware } from 'koa'
import getRawBody from 'raw-body'

/** The forms' bodies are a few kilobytes; anything larger is not a form. */
export const bodyLimit = '100kb'

/** How a form arrived: JSON from a script (the site's widgets), or urlencoded from an HTML form (no JavaScript). */
export type BodyKind = 'json' | 'form'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** True for a POST an HTML form sent: its errors are answered as a page, its success as a redirect. */
export const isHtmlForm = (ctx: Context) => ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded'

/**
 * Parses a form's body, JSON or `application/x-www-form-urlencoded`, in UTF-8 only: another charset is
 * 415, bytes that are not UTF-8 are 400 (never silently replaced), a field sent twice is 400.
 * Sets `ctx.request.body` and `ctx.state.bodyKind`.
 */
export const formBody: Middleware = async (ctx, next) => {
  const kind: BodyKind | null = ctx.is('application/json') ? 'json' : isHtmlForm(ctx) ? 'form' : null
  if (!kind) ctx.throw(415, 'Content-Type must be application/json or application/x-www-form-urlencoded')
  const charset = charsetOf(ctx.get('Content-Type'))
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') ctx.throw(415, 'Unsupported charset: send UTF-8')
  const raw = await getRawBody(inflate(ctx.req), {
    limit: bodyLimit,
    length: ctx.req.headers['content-encoding'] ? undefined : ctx.get('Content-Length') || undefined,
  })
  let text: string
  try {
    text = utf8.decode(raw)
  } catch {
    throw createError(400, 'The body is not valid UTF-8')
  }
  ctx.request.body = kind === 'json' ? parseJson(text) : parseUrlencoded(text)
  ctx.state.bodyKind = kind
  await next()
}

function charsetOf(header: string): string | undefined {
  try {
    return contentType.parse(header).parameters.charset?.toLowerCase()
  } catch {
    throw createError(415, 'Malformed Content-Type')
  }
}

function parseJson(text: string): unknown {
  // Strict, as JSON bodies are: an object or an array, never a bare string or number.
  if (!/^\s*[{[]/.test(text)) throw createError(400, 'Malformed JSON')
  try {
    // A key named __proto__ would be an own property here, but later spreads could treat it as the
    // prototype. Only a text that spells it, or escapes a character (`"\u005f_proto__"`), can have one;
    // the others skip the reviver, which slows JSON.parse for every value.
    if (!text.includes('__proto__') && !text.includes('\\u')) return JSON.parse(text)
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') throw new SyntaxError('__proto__ key')
      return value
    })
  } catch {
    throw createError(400, 'Malformed JSON')
  }
}

// 'name=Ann+Lee&email=ann%40example.com' -> { name: 'Ann Lee', email: 'ann@example.com' }
function parseUrlencoded(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null)
  for (const pair of text.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const name = decode(at === -1 ? pair : pair.slice(0, at))
    const value = decode(at === -1 ? '' : pair.slice(at + 1))
    if (Object.hasOwn(fields, name)) throw createError(400, `The field ${name.slice(0, 100)} was sent more than once`)
    fields[name] = value
  }
  return { ...fields }
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    throw createError(400, 'The body is not valid UTF-8 URL encoding')
  }
}
