import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminPassword, capturedLogger, onPostgres, testApp, type TestApp } from './helpers.js'

const tokensPath = '/api/admin/api-tokens'
const adminCalls = ['/api/admin/summary', '/api/admin/newsletter-subscribers', '/api/admin/consultations', '/api/admin/outbox', tokensPath]
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

async function createToken(http: TestApp['http'], name: string): Promise<{ id: string; token: string; name: string; createdAt: string }> {
  const res = await http.post(tokensPath).set(bearer(adminPassword)).send({ name }).expect(201)
  return res.body
}

/** Password guesses from `address` and from 50 others: the password is refused everywhere then (store/loginRule.ts). */
async function lockOutPassword(http: TestApp['http'], address: string) {
  for (let i = 0; i < 5; i++)
    await http
      .get('/api/admin/summary')
      .set('X-Forwarded-For', address)
      .set(bearer(`guess-${i}`))
      .expect(401)
  for (let i = 0; i < 50; i++) await http.post('/api/admin/session').set('X-Forwarded-For', `198.51.100.${i}`).send({ password: 'wrong' })
  await http.get('/api/admin/summary').set('X-Forwarded-For', address).set(bearer(adminPassword)).expect(429)
  await http.post('/api/admin/session').set('X-Forwarded-For', '192.0.2.77').send({ password: adminPassword }).expect(429)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('API tokens', () => {
  it('are made with a name, shown once, listed without the token, and open every admin endpoint and /metrics', async () => {
    const { http } = await testApp()
    const before = Date.now()
    const created = await createToken(http, '  Nightly export  ')
    expect(created.token).toMatch(/^api_[\w-]{43}$/)
    expect(created.name).toBe('Nightly export')
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000)
    const list = (await http.get(tokensPath).set(bearer(adminPassword)).expect(200)).body
    expect(list).toEqual([{ id: created.id, name: 'Nightly export', createdAt: created.createdAt }])
    expect(JSON.stringify(list)).not.toContain(created.token)
    for (const call of adminCalls) await http.get(call).set(bearer(created.token)).expect(200)
    await http.get('/metrics').set(bearer(created.token)).expect(200)
    // A change too, with no Origin: a bearer carries no cookie a foreign page could ride on.
    await http.delete('/api/admin/newsletter-subscribers/no-such-id').set(bearer(created.token)).expect(404)
  })

  it('work while the password is locked out by guesses, and never count as password attempts', async () => {
    const { logger, lines } = capturedLogger()
    const { http } = await testApp({ trustProxy: 1 }, { logger })
    const { token } = await createToken(http, 'Script')
    const office = '203.0.113.5'
    await lockOutPassword(http, office)
    for (const call of adminCalls) await http.get(call).set('X-Forwarded-For', office).set(bearer(token)).expect(200)
    await http.get('/metrics').set('X-Forwarded-For', office).set(bearer(token)).expect(200)
    // The request lines name the token by its id, never by itself.
    const { id } = (await http.get(tokensPath).set(bearer(token)).expect(200)).body[0]
    expect(lines.filter((line) => line.path === '/metrics').map((line) => line.apiToken)).toEqual([id])
    expect(JSON.stringify(lines)).not.toContain(token)
  })

  it('answer a wrong token 401 without locking the password out, then 429 for that address only, never for a right token', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    const { token } = await createToken(http, 'Script')
    const prober = '203.0.113.6'
    const wrong = `api_${'A'.repeat(43)}`
    for (let i = 0; i < 20; i++) {
      const res = await http.get('/api/admin/summary').set('X-Forwarded-For', prober).set(bearer(wrong)).expect(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
    }
    const limited = await http.get('/api/admin/summary').set('X-Forwarded-For', prober).set(bearer(wrong)).expect(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    await http.get('/metrics').set('X-Forwarded-For', prober).set(bearer(wrong)).expect(429)
    // The right token from the same address, and the password from it: neither is refused.
    await http.get('/api/admin/summary').set('X-Forwarded-For', prober).set(bearer(token)).expect(200)
    await http.get('/api/admin/summary').set('X-Forwarded-For', prober).set(bearer(adminPassword)).expect(200)
    await http.post('/api/admin/session').set('X-Forwarded-For', prober).send({ password: adminPassword }).expect(204)
    await http.get('/api/admin/summary').set('X-Forwarded-For', '203.0.113.7').set(bearer(wrong)).expect(401)
  })

  it('stop working when revoked: 401 everywhere, and a second revoke is 404', async () => {
    const { http } = await testApp({ metricsToken: 'a-metrics-token-of-32-characters-or-more' })
    const kept = await createToken(http, 'Prometheus')
    const revoked = await createToken(http, 'Old laptop')
    await http.get('/api/admin/summary').set(bearer(revoked.token)).expect(200)
    await http.delete(`${tokensPath}/${revoked.id}`).set(bearer(adminPassword)).expect(204)
    await http.get('/api/admin/summary').set(bearer(revoked.token)).expect(401)
    await http.get('/metrics').set(bearer(revoked.token)).expect(401)
    await http.delete(`${tokensPath}/${revoked.id}`).set(bearer(adminPassword)).expect(404)
    expect((await http.get(tokensPath).set(bearer(kept.token)).expect(200)).body.map((t: { name: string }) => t.name)).toEqual(['Prometheus'])
    // METRICS_TOKEN stays an alternative; nothing else opens /metrics.
    await http.get('/metrics').set(bearer('a-metrics-token-of-32-characters-or-more')).expect(200)
    await http.get('/metrics').expect(401)
  })

  it('revoke only themselves: revoking another token and rotating the calendar feed need the admin', async () => {
    const { http } = await testApp()
    const script = await createToken(http, 'Script')
    const other = await createToken(http, 'Prometheus')
    const refused = await http.delete(`${tokensPath}/${other.id}`).set(bearer(script.token)).expect(403)
    expect(refused.body.error).toMatch(/can revoke only itself: sign in as the admin/)
    await http.get('/api/admin/summary').set(bearer(other.token)).expect(200)
    const feed = (await http.get('/api/admin/calendar-feed').set(bearer(script.token)).expect(200)).body.url
    expect((await http.post('/api/admin/calendar-feed/rotate').set(bearer(script.token)).send({}).expect(403)).body.error).toMatch(
      /cannot rotate the calendar feed: sign in as the admin/,
    )
    await http.get(new URL(feed).pathname).expect(200)
    // The admin, by password or signed in from the site's origin, does both.
    await http.post('/api/admin/calendar-feed/rotate').set(bearer(adminPassword)).send({}).expect(200)
    await http.get(new URL(feed).pathname).expect(404)
    const session = (await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)).headers['set-cookie']![0]!.split(';')[0]!
    const screen = { Cookie: session, Host: '127.0.0.1', Origin: 'http://127.0.0.1' }
    await http.post('/api/admin/calendar-feed/rotate').set(screen).send({}).expect(200)
    await http.delete(`${tokensPath}/${other.id}`).set(screen).expect(204)
    await http.get('/api/admin/summary').set(bearer(other.token)).expect(401)
    // A script retires its own token.
    await http.delete(`${tokensPath}/${script.id}`).set(bearer(script.token)).expect(204)
    await http.get('/api/admin/summary').set(bearer(script.token)).expect(401)
  })

  it('cut short or lengthened are wrong tokens, never password guesses: the password still opens from that address', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    const { token } = await createToken(http, 'Script')
    const office = '203.0.113.8'
    for (const copied of [token.slice(0, -1), `${token}x`, token.slice(0, 10), 'api_']) {
      for (let i = 0; i < 3; i++) {
        const res = await http.get('/api/admin/summary').set('X-Forwarded-For', office).set(bearer(copied)).expect(401)
        expect(res.headers['www-authenticate']).toBe('Bearer')
      }
    }
    await http.get('/api/admin/summary').set('X-Forwarded-For', office).set(bearer(adminPassword)).expect(200)
    await http.post('/api/admin/session').set('X-Forwarded-For', office).send({ password: adminPassword }).expect(204)
    // They count as token misses (20 an address), so a prober is slowed as for any wrong token.
    for (let i = 0; i < 8; i++)
      await http
        .get('/metrics')
        .set('X-Forwarded-For', office)
        .set(bearer(token.slice(0, -2)))
        .expect(401)
    await http
      .get('/api/admin/summary')
      .set('X-Forwarded-For', office)
      .set(bearer(token.slice(0, -3)))
      .expect(429)
    await http.get('/api/admin/summary').set('X-Forwarded-For', office).set(bearer(token)).expect(200)
  })

  it('record their last use, to the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-08T07:59:30Z'))
    const { http } = await testApp()
    const { id, token } = await createToken(http, 'Script')
    const lastUse = async () =>
      ((await http.get(tokensPath).set(bearer(adminPassword)).expect(200)).body as Array<{ id: string; lastUsedAt?: string }>).find((t) => t.id === id)!
        .lastUsedAt
    expect(await lastUse()).toBeUndefined()
    await http.get('/api/admin/summary').set(bearer(token)).expect(200)
    expect(await lastUse()).toBe('2026-03-08T07:59:30.000Z')
    // Within the minute it is not written again; after it, it is.
    vi.setSystemTime(new Date('2026-03-08T08:00:10Z'))
    await http.get('/api/admin/summary').set(bearer(token)).expect(200)
    expect(await lastUse()).toBe('2026-03-08T07:59:30.000Z')
    vi.setSystemTime(new Date('2026-03-08T08:03:00Z'))
    await http.get('/metrics').set(bearer(token)).expect(200)
    expect(await lastUse()).toBe('2026-03-08T08:03:00.000Z')
  })

  it('are stored as their SHA-256, never in clear text', async () => {
    const { http, config, dataFile } = await testApp()
    const { token } = await createToken(http, 'Script')
    await http.get('/api/admin/summary').set(bearer(token)).expect(200)
    const hash = createHash('sha256').update(token).digest('base64url')
    let stored: string
    if (onPostgres) {
      const client = new pg.Client({ connectionString: config.databaseUrl! })
      await client.connect()
      try {
        stored = JSON.stringify((await client.query('SELECT * FROM api_tokens')).rows)
      } finally {
        await client.end()
      }
    } else {
      const dir = path.dirname(dataFile)
      const files = (await readdir(dir)).filter((name) => name.startsWith(path.basename(dataFile)) && !name.endsWith('.lock'))
      stored = (await Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')))).join('\n')
    }
    expect(stored).toContain(hash)
    expect(stored).toContain('Script')
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(token.slice(4))
  })

  it('are made by the admin only: not by a token, and with a name', async () => {
    const { http } = await testApp()
    const { token } = await createToken(http, 'Script')
    const refused = await http.post(tokensPath).set(bearer(token)).send({ name: 'Another' }).expect(403)
    expect(refused.body.error).toMatch(/API token cannot make API tokens/)
    await http.post(tokensPath).send({ name: 'No credentials' }).expect(401)
    expect((await http.post(tokensPath).set(bearer(adminPassword)).send({ name: '   ' }).expect(400)).body.fields).toEqual({ name: 'Name is required' })
    expect((await http.post(tokensPath).set(bearer(adminPassword)).send({}).expect(400)).body.fields).toEqual({ name: 'Name is required' })
    expect((await http.post(tokensPath).set(bearer(adminPassword)).send({ name: 'a\u0000b' }).expect(400)).body.fields.name).toMatch(/invisible or control/)
    expect(
      (
        await http
          .post(tokensPath)
          .set(bearer(adminPassword))
          .send({ name: 'x'.repeat(101) })
          .expect(400)
      ).body.fields.name,
    ).toMatch(/at most 100/)
    // A signed-in admin (the admin screen) makes them too, from the site's own origin.
    const session = (await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)).headers['set-cookie']![0]!.split(';')[0]!
    await http.post(tokensPath).set('Cookie', session).send({ name: 'From the screen' }).expect(403)
    const origin = 'http://127.0.0.1'
    await http.post(tokensPath).set('Cookie', session).set('Host', '127.0.0.1').set('Origin', origin).send({ name: 'From the screen' }).expect(201)
    expect((await http.get(tokensPath).set(bearer(token)).expect(200)).body).toHaveLength(2)
  })
})
