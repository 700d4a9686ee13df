import { bodyParser } from '@koa/bodyparser'
import { Router } from '@koa/router'
import createError from 'http-errors'
import { verifyUnsubscribeToken } from '../email/unsubscribe.js'
import { api } from '../../contract/wire/api.js'
import { personKey } from '../../contract/booking/person.js'
import type { FormStore } from '../store/formStore.js'
import { answer, route } from './route.js'

/**
 * POST /api/newsletter/unsubscribe: the welcome email's one-click unsubscribe (RFC 8058: the mail
 * client posts `List-Unsubscribe=One-Click` to the URL of the `List-Unsubscribe` header, token in the
 * query) and the site's unsubscribe page (JSON `{ token }`). A GET never unsubscribes: link checkers
 * and previews open links. A token is signed for one subscriber; using it again is harmless.
 */
export function unsubscribeRoutes(store: FormStore, secret: string) {
  const router = new Router()
  const body = bodyParser({ enableTypes: ['json', 'form'], jsonLimit: '2kb', formLimit: '2kb', encoding: 'utf-8' })
  route(router, api.unsubscribe, body, async (ctx) => {
    const sent = ctx.request.body as Record<string, unknown> | undefined
    const token = ctx.query.token ?? sent?.token
    const id = typeof token === 'string' ? verifyUnsubscribeToken(secret, token) : null
    if (id === null) throw createError(400, 'This unsubscribe link is not valid')
    // The address goes on the suppression list too (outbox/recipients.ts): asked to stop, it gets nothing more from us.
    const unsubscribe = async () => {
      const subscriber = await store.find('newsletterSubscribers', id)
      if (subscriber) await store.noteRecipient(personKey(subscriber.email), 'unsubscribed', new Date())
      await store.remove('newsletterSubscribers', id)
    }
    await unsubscribe().catch((error: unknown) => {
      throw createError(503, 'Could not unsubscribe, please try again later', { cause: error })
    })
    ctx.set('Cache-Control', 'no-store')
    answer(ctx, api.unsubscribe, { unsubscribed: true })
  })
  return router
}
