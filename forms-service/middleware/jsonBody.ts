import type { Middleware } from 'koa'
import { formBody } from './formBody.js'

const requireJson: Middleware = async (ctx, next) => {
  if (!ctx.is('application/json')) ctx.throw(415, 'Content-Type must be application/json')
  await next()
}

/**
 * 415 unless the body is JSON, then parses it as the forms' bodies are (UTF-8 only; 400 when
 * malformed, 413 when over `bodyLimit`): the admin's calls take no HTML forms.
 */
export const jsonBody: Middleware[] = [requireJson, formBody]
