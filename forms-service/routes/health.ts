import { Router } from '@koa/router'
import type { FormStore } from '../store/formStore.js'

/** 200 while the store can be read and written; 503 otherwise, so an orchestrator restarts us. */
export function healthRoutes(store: FormStore): Router {
  const router = new Router()
  router.get('/healthz', async (ctx) => {
    const healthy = await store.healthy()
    ctx.status = healthy ? 200 : 503
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: healthy ? 'ok' : 'unavailable' }
  })
  return router
}
