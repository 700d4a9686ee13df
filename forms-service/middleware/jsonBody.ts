import { bodyParser } from '@koa/bodyparser'
import type { Middleware } from 'koa'

/** SPEC-sized bodies are a few kilobytes; anything larger is not a form. */
export const bodyLimit = '100kb'

const requireJson: Middleware = async (ctx, next) => {
  if (!ctx.is('application/json')) ctx.throw(415, 'Content-Type must be application/json')
  await next()
}

/** 415 unless the body is JSON, then parses it (400 when malformed, 413 when over `bodyLimit`). */
export const jsonBody: Middleware[] = [
  requireJson,
  bodyParser({ enableTypes: ['json'], jsonLimit: bodyLimit, encoding: 'utf-8' }),
]
