import createError from 'http-errors'
import { adminApi } from '../../contract/wire/adminApi.js'
import { blockTooWideMessage, blockValueMessages } from '../../contract/wire/blockList.js'
import { blockValue } from '../blockList.js'
import { actorOf, type AdminAuth } from '../middleware/adminAuth.js'
import { nextLeadOwner } from '../people/leadOwner.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import type { AddressStore } from '../store/addresses.js'
import type { FormStore } from '../store/formStore.js'
import { validateBlockAdd, validateBlockedPostsQuery } from '../validators.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { answer, route } from './route.js'

/**
 * The admin's block list (middleware/blockedSender.ts says what it does to a form): the list, adding
 * addresses (the blocked screen adds one, the inbox's "Spam and block" a page of them) and removing one;
 * the posts it caught, and Unblock, which gives one back to its inbox.
 */
export function blockListRoutes(
  auth: AdminAuth,
  store: AddressStore & Pick<FormStore, 'people' | 'latestLeadByOwner'>,
  corsOrigins: readonly string[],
  now: () => Date,
) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  route(router, adminApi.blocked, ...admin, async (ctx) => {
    answer(ctx, adminApi.blocked, await store.blocks())
  })
  route(
    router,
    adminApi.block,
    ...admin,
    ...jsonBody,
    validateBody(validateBlockAdd, {}, async (ctx, { form }) => {
      const values = form.values.map((typed) => blockValue(form.kind, typed))
      if (values.includes('invalid')) throw createError(400, 'Validation failed', { fields: { values: blockValueMessages[form.kind] } })
      if (values.includes('too-wide')) throw createError(400, 'Validation failed', { fields: { values: blockTooWideMessage } })
      const by = actorOf(ctx).kind === 'token' ? 'token' : 'admin'
      const expiresAt = form.days === undefined ? undefined : new Date(now().getTime() + form.days * 86_400_000).toISOString()
      const blocks = await store.addBlocks(form.kind, values as string[], form.reason ?? '', by, expiresAt)
      await auth.audit(ctx, 'blocked', values.join(', '))
      answer(ctx, adminApi.block, blocks, 201)
    }),
  )
  route(router, adminApi.unblock, ...admin, async (ctx) => {
    const block = (await store.blocks()).find((candidate) => candidate.id === ctx.params.id)
    if (!block || !(await store.removeBlock(block.id))) throw createError(404, 'No such blocked address')
    await auth.audit(ctx, 'unblocked', block.value)
    ctx.status = 204
  })
  route(router, adminApi.blockedPosts, ...admin, async (ctx) => {
    const query = listQuery(ctx, validateBlockedPostsQuery)
    answer(ctx, adminApi.blockedPosts, { ...(await store.blockedPosts(query)), offset: query.offset, limit: query.limit })
  })
  route(router, adminApi.unblockPost, ...admin, ...jsonBody, async (ctx) => {
    // The person who judged it a lead answers it; a script's release goes round robin.
    const actor = actorOf(ctx)
    const released = await store.releaseBlockedPost(ctx.params.id!, actor.kind === 'person' ? actor.person.id : await nextLeadOwner(store))
    if (!released) throw createError(404, 'No such caught post: it was unblocked already, or erased')
    answer(ctx, adminApi.unblockPost, released)
  })
  return router
}
