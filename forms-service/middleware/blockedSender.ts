import type { Context, Middleware } from 'koa'
import { blockedBy } from '../blockList.js'
import type { AddressStore, CaughtForm } from '../store/addresses.js'
import type { BlockedPostRecord } from '../store/records.js'
import { answerUnstored } from './validateBody.js'

/**
 * A form from an address on the admin's block list (its email, or its client address as TRUST_PROXY
 * reads it) is answered as the honeypot answers a bot: a success, with no email sent and no start held.
 * A refusal would tell whoever is behind it that they were noticed, and which address to change. It is
 * kept all the same, out of every list and count (keptIfCaught): a wrong block, or one a little too wide,
 * loses no lead, and the admin's Blocked view gives it back. Only a valid form is kept, so it is checked
 * by the form's own rules first: an invalid one is refused as anyone's would be, which tells nothing.
 */
export function blockedSender(store: Pick<AddressStore, 'blocks'>, now: () => Date): Middleware {
  return async (ctx, next) => {
    const body = ctx.request.body as Record<string, unknown> | undefined
    const block = blockedBy(await store.blocks(), body?.email, ctx.ip, now())
    if (block) ctx.state.caughtBy = { kind: block.kind, value: block.value } satisfies BlockedPostRecord['caughtBy']
    await next()
  }
}

/**
 * Keeps a valid form that blockedSender caught and answers it as a success (with `decoy`, what a real
 * answer would also hold): true. False for any other form, which goes on as usual.
 */
export async function keptIfCaught(
  ctx: Context,
  store: Pick<AddressStore, 'addBlockedPost'>,
  post: CaughtForm,
  decoy: Record<string, unknown> = {},
): Promise<boolean> {
  const caughtBy = ctx.state.caughtBy as BlockedPostRecord['caughtBy'] | undefined
  if (!caughtBy) return false
  await store.addBlockedPost({ ...post, caughtBy })
  answerUnstored(ctx, decoy)
  return true
}
