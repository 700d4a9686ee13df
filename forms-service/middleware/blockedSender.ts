import type { Middleware } from 'koa'
import { isBlocked } from '../blockList.js'
import type { AddressStore } from '../store/addresses.js'
import { answerUnstored } from './validateBody.js'

/**
 * A form from an address on the admin's block list (its email, or its client address as TRUST_PROXY
 * reads it) is answered as the honeypot answers a bot: a success, with nothing stored and no email
 * sent. A refusal would tell whoever is behind it that they were noticed, and which address to change;
 * a person wrongly blocked is the admin's to unblock (the blocked screen lists every entry). Checked
 * before the form's own rules, so an invalid form from a blocked address learns nothing either.
 */
export function blockedSender(store: Pick<AddressStore, 'blocks'>): Middleware {
  return async (ctx, next) => {
    const body = ctx.request.body as Record<string, unknown> | undefined
    if (isBlocked(await store.blocks(), body?.email, ctx.ip)) return answerUnstored(ctx)
    await next()
  }
}
