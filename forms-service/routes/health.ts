import { Router } from '@koa/router'
import { api } from '../../contract/wire/api.js'
import type { StoreUpkeep } from '../store/formStore.js'
import { answer, route } from './route.js'

/** 200 while the store can be read and written; 503 otherwise, so an orchestrator restarts us. */
export function healthRoutes(store: StoreUpkeep) {
  const router = new Router()
  route(router, api.health, async (ctx) => {
    const healthy = await store.healthy()
    ctx.status = healthy ? 200 : 503
    ctx.set('Cache-Control', 'no-store')
    answer(ctx, api.health, { status: healthy ? 'ok' : 'unavailable' })
  })
  return router
}
