import { describe, expect, it } from 'vitest'
import { startService } from '../../forms-service/service.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { adminPassword, freshStore, json, unsubscribeSecret, adminHeader } from './helpers.js'

// fetch opens as many connections as there are requests in flight, so all 500 really are parallel.
describe('concurrent writes', () => {
  it('500 parallel subscriptions over HTTP: the stored count equals the 2xx count, also after a restart', async () => {
    const config = {
      port: 0,
      contentDir: fixtureContentDir,
      ...(await freshStore()),
      adminPassword,
      unsubscribeSecret,
      siteDir: null,
      rateLimitPerMinute: 0,
      logLevel: 'silent',
    } as const
    const service = await startService(config)
    try {
      const responses = await Promise.all(
        Array.from({ length: 500 }, (_, i) => json(`${service.url}/api/newsletter-subscription`, { email: `person${i}@example.com` })),
      )
      const created = responses.filter((res) => res.status === 201).length
      expect(created).toBe(500)
      const list = await fetch(`${service.url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
      expect((await list.json()).length).toBe(created)
    } finally {
      await service.close()
    }
    const restarted = await startService(config)
    const list = await fetch(`${restarted.url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
    expect((await list.json()).length).toBe(500)
    await restarted.close()
  })
})
