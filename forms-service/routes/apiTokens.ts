import createError from 'http-errors'
import { adminApi } from '../../contract/wire/adminApi.js'
import type { ApiTokenView } from '../../contract/wire/apiTokens.js'
import { actorOf, apiTokenHash, newApiToken, type AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import { inScopeOrder, type ApiTokenStore } from '../store/apiTokens.js'
import type { ApiTokenRecord } from '../store/records.js'
import { validateApiTokenCreate } from '../validators.js'
import { adminRouter } from './adminRouter.js'
import { answer, route } from './route.js'

/** What the admin sees of a token: everything but its hash. */
const tokenView = ({ tokenHash: _hash, accountId: _owner, ...view }: ApiTokenRecord): ApiTokenView => view

/**
 * The admin's API tokens: the list, a new one with its scopes (its answer the only copy of the token),
 * and revoking one. A token may list tokens (with `read`) and revoke itself (a script can retire its
 * own), but not make one (the endpoint's scope is `admin`) or revoke another: a token that leaked must
 * not outlive its revocation by minting another, nor revoke the agency's other scripts.
 */
export function apiTokenRoutes(auth: AdminAuth, store: ApiTokenStore, corsOrigins: readonly string[]) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  route(router, adminApi.apiTokens, ...admin, async (ctx) => {
    answer(ctx, adminApi.apiTokens, (await store.apiTokens()).map(tokenView))
  })
  route(
    router,
    adminApi.createApiToken,
    ...admin,
    ...jsonBody,
    validateBody(validateApiTokenCreate, {}, async (ctx, { form }) => {
      const token = newApiToken()
      const actor = actorOf(ctx)
      const record = await store.addApiToken({
        name: form.name,
        tokenHash: apiTokenHash(token),
        scopes: inScopeOrder(form.scopes),
        ...(actor.kind === 'person' ? { accountId: actor.person.id } : {}),
      })
      await auth.audit(ctx, 'token-created', form.name)
      answer(ctx, adminApi.createApiToken, { ...tokenView(record), token }, 201)
    }),
  )
  route(router, adminApi.revokeApiToken, ...admin, async (ctx) => {
    const own = ctx.state.apiToken === ctx.params.id
    if (actorOf(ctx).kind === 'token' && !own) throw createError(403, 'An API token can revoke only itself: sign in as an owner')
    const token = (await store.apiTokens()).find((candidate) => candidate.id === ctx.params.id)
    if (!token || !(await store.revokeApiToken(token.id))) throw createError(404, 'No such API token')
    await auth.audit(ctx, 'token-revoked', token.name)
    ctx.status = 204
  })
  return router
}
