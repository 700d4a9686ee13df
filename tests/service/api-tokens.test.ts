import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiTokenScope } from '../../contract/wire/apiTokens.js'
import { journalFileOf } from '../../forms-service/store/embedded/durableFile.js'
import { dataFileFormat } from '../../forms-service/store/embedded/snapshot.js'
import { migrations } from '../../forms-service/store/postgres/migrations.js'
import { adminPassword, capturedLogger, freshStore, onPostgres, testApp, validContact, type TestApp } from './helpers.js'

const tokensPath = '/api/admin/api-tokens'
const adminCalls = ['/api/admin/summary', '/api/admin/newsletter-subscribers', '/api/admin/consultations', '/api/admin/outbox', tokensPath]
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

/** What scripts did with a token before scopes: read and change records, scrape /metrics. */
const scriptScopes: ApiTokenScope[] = ['read', 'write', 'metrics']

async function createToken(
  http: TestApp['http'],
  name: string,
  scopes: ApiTokenScope[] = scriptScopes,
): Promise<{ id: string; token: string; name: string; scopes: ApiTokenScope[]; createdAt: string }> {
  const res = await http.post(tokensPath).set(bearer(adminPassword)).send({ name, scopes }).expect(201)
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
  it('are made with a name and scopes, shown once, listed without the token, and open the admin endpoints and /metrics of their scopes', async () => {
    const { http } = await testApp()
    const before = Date.now()
    const created = await createToken(http, '  Nightly export  ')
    expect(created.token).toMatch(/^api_[\w-]{43}$/)
    expect(created.name).toBe('Nightly export')
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000)
    const list = (await http.get(tokensPath).set(bearer(adminPassword)).expect(200)).body
    expect(created.scopes).toEqual(scriptScopes)
    expect(list).toEqual([{ id: created.id, name: 'Nightly export', scopes: scriptScopes, createdAt: created.createdAt }])
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

  it('revoke only themselves: revoking another token, and reading or rotating the calendar feed, need the admin', async () => {
    const { http } = await testApp()
    const script = await createToken(http, 'Script')
    const other = await createToken(http, 'Prometheus')
    const refused = await http.delete(`${tokensPath}/${other.id}`).set(bearer(script.token)).expect(403)
    expect(refused.body.error).toMatch(/can revoke only itself: sign in as an owner/)
    await http.get('/api/admin/summary').set(bearer(other.token)).expect(200)
    // The feed's secret outlives any token: no scope reads it, none rotates it.
    const everything = await createToken(http, 'Everything', ['read', 'write', 'block', 'backup', 'metrics'])
    for (const { token } of [script, everything]) {
      expect((await http.get('/api/admin/calendar-feed').set(bearer(token)).expect(403)).body.error).toBe('An API token cannot do this: sign in as the admin')
      expect((await http.post('/api/admin/calendar-feed/rotate').set(bearer(token)).send({}).expect(403)).body.error).toBe(
        'An API token cannot do this: sign in as the admin',
      )
    }
    const feed = (await http.get('/api/admin/calendar-feed').set(bearer(adminPassword)).expect(200)).body.url
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
    const refused = await http
      .post(tokensPath)
      .set(bearer(token))
      .send({ name: 'Another', scopes: ['read'] })
      .expect(403)
    expect(refused.body.error).toBe('An API token cannot do this: sign in as the admin')
    await http
      .post(tokensPath)
      .send({ name: 'No credentials', scopes: ['read'] })
      .expect(401)
    expect(
      (
        await http
          .post(tokensPath)
          .set(bearer(adminPassword))
          .send({ name: '   ', scopes: ['read'] })
          .expect(400)
      ).body.fields,
    ).toEqual({
      name: 'Name is required',
    })
    expect((await http.post(tokensPath).set(bearer(adminPassword)).send({}).expect(400)).body.fields).toEqual({
      name: 'Name is required',
      scopes: 'Choose at least one scope',
    })
    expect(
      (
        await http
          .post(tokensPath)
          .set(bearer(adminPassword))
          .send({ name: 'a\u0000b', scopes: ['read'] })
          .expect(400)
      ).body.fields.name,
    ).toMatch(/invisible or control/)
    expect(
      (
        await http
          .post(tokensPath)
          .set(bearer(adminPassword))
          .send({ name: 'x'.repeat(101), scopes: ['read'] })
          .expect(400)
      ).body.fields.name,
    ).toMatch(/at most 100/)
    // A signed-in admin (the admin screen) makes them too, from the site's own origin.
    const session = (await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)).headers['set-cookie']![0]!.split(';')[0]!
    await http
      .post(tokensPath)
      .set('Cookie', session)
      .send({ name: 'From the screen', scopes: ['read'] })
      .expect(403)
    const origin = 'http://127.0.0.1'
    await http
      .post(tokensPath)
      .set('Cookie', session)
      .set('Host', '127.0.0.1')
      .set('Origin', origin)
      .send({ name: 'From the screen', scopes: ['read'] })
      .expect(201)
    expect((await http.get(tokensPath).set(bearer(token)).expect(200)).body).toHaveLength(2)
  })
})

describe('API token scopes', () => {
  const missing = (scope: string) => `This API token does not have the ${scope} scope: make a token with it (Admin › API tokens), or sign in as the admin`

  it('hold a read token to reading: no change, no block, no backup, no metrics (403 naming the scope)', async () => {
    const { http } = await testApp()
    const { id } = (await http.post('/api/contact').send(validContact()).expect(201)).body
    const reader = await createToken(http, 'Dashboard', ['read'])
    for (const call of [...adminCalls, '/api/admin/blocked', '/api/admin/consultations.csv', '/api/admin/overview'])
      await http.get(call).set(bearer(reader.token)).expect(200)
    const refusals = [
      [http.patch(`/api/admin/messages/${id}`).send({ status: 'contacted' }), 'write'],
      [http.delete(`/api/admin/messages/${id}`), 'write'],
      [http.post('/api/admin/blocked').send({ kind: 'client', values: ['0.0.0.0/0'] }), 'block'],
      [http.get('/api/admin/backup'), 'backup'],
      [http.get('/metrics'), 'metrics'],
    ] as const
    for (const [call, scope] of refusals) expect((await call.set(bearer(reader.token)).expect(403)).body.error).toBe(missing(scope))
    expect((await http.get('/api/admin/blocked').set(bearer(adminPassword)).expect(200)).body).toEqual([])
    expect((await http.get(`/api/admin/messages/${id}`).set(bearer(adminPassword)).expect(200)).body.status).toBe('new')
  })

  it('let a block token change the block list, and a backup token take the backup, and nothing more', async () => {
    const { http } = await testApp()
    const blocker = await createToken(http, 'Spam filter', ['block'])
    const added = (
      await http
        .post('/api/admin/blocked')
        .set(bearer(blocker.token))
        .send({ kind: 'client', values: ['203.0.113.0/24'] })
        .expect(201)
    ).body
    expect(added).toMatchObject([{ kind: 'client', value: '203.0.113.0/24', by: 'token' }])
    await http.delete(`/api/admin/blocked/${added[0].id}`).set(bearer(blocker.token)).expect(204)
    expect((await http.get('/api/admin/blocked').set(bearer(blocker.token)).expect(403)).body.error).toBe(missing('read'))
    expect((await http.get('/api/admin/backup').set(bearer(blocker.token)).expect(403)).body.error).toBe(missing('backup'))

    const backups = await createToken(http, 'Nightly backup', ['backup'])
    const backup = await http.get('/api/admin/backup').set(bearer(backups.token)).expect(200)
    expect(JSON.parse(backup.text).apiTokens.map((token: { name: string; scopes: string[] }) => [token.name, token.scopes])).toEqual([
      ['Spam filter', ['block']],
      ['Nightly backup', ['backup']],
    ])
    expect((await http.get('/api/admin/summary').set(bearer(backups.token)).expect(403)).body.error).toBe(missing('read'))
    await http
      .post('/api/admin/blocked')
      .set(bearer(backups.token))
      .send({ kind: 'client', values: ['0.0.0.0/0'] })
      .expect(403)
    // Any token may still retire itself.
    await http.delete(`${tokensPath}/${backups.id}`).set(bearer(backups.token)).expect(204)
  })

  it('are named when the token is made: known ones, at least one, each once, kept in their order', async () => {
    const { http } = await testApp()
    const create = (scopes: unknown) => http.post(tokensPath).set(bearer(adminPassword)).send({ name: 'Script', scopes })
    expect((await create(['read', 'admin']).expect(400)).body.fields).toEqual({
      scopes: 'Unknown scope "admin": a scope is one of read, write, block, backup, metrics',
    })
    expect((await create([]).expect(400)).body.fields).toEqual({ scopes: 'Choose at least one scope' })
    expect((await create(['read', 'read']).expect(400)).body.fields).toEqual({ scopes: 'Name each scope once' })
    expect((await create('read').expect(400)).body.fields).toEqual({ scopes: 'Scopes must be a list of some of read, write, block, backup, metrics' })
    expect((await create(['metrics', 'read']).expect(201)).body.scopes).toEqual(['read', 'metrics'])
    expect((await http.get(tokensPath).set(bearer(adminPassword)).expect(200)).body.map((token: { scopes: string[] }) => token.scopes)).toEqual([
      ['read', 'metrics'],
    ])
  })
})

describe('API tokens made before scopes', () => {
  // Two tokens as the version before scopes stored them: in the data file and in its journal (embedded), or
  // as rows before migration 20 (PostgreSQL).
  const older = ['snapshot', 'journal'].map((where, i) => ({
    id: `older-${where}`,
    name: `Old ${where} script`,
    token: `api_${String(i).repeat(43)}`,
    createdAt: '2025-01-02T03:04:05.000Z',
  }))
  const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

  async function storeWithOlderTokens(): Promise<{ dataFile: string; databaseUrl: string | null }> {
    const store = await freshStore()
    if (store.databaseUrl) {
      const client = new pg.Client(store.databaseUrl)
      await client.connect()
      try {
        await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
        for (const step of migrations.filter((one) => one.version < 20)) {
          await client.query(step.sql)
          await step.run?.(client as unknown as pg.PoolClient)
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [step.version])
        }
        for (const token of older)
          await client.query('INSERT INTO api_tokens (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)', [
            token.id,
            token.name,
            hashOf(token.token),
            token.createdAt,
          ])
      } finally {
        await client.end()
      }
    } else {
      const [inSnapshot, inJournal] = older.map(({ token, ...record }) => ({ ...record, tokenHash: hashOf(token) }))
      await writeFile(store.dataFile, JSON.stringify({ format: dataFileFormat, lastSeq: 0, apiTokens: [inSnapshot] }))
      await writeFile(journalFileOf(store.dataFile), `${JSON.stringify({ seq: 1, collection: 'apiTokens', record: inJournal })}\n`)
    }
    return store
  }

  it('keep reading and changing records and scraping /metrics, but cannot block or take the backup', async () => {
    const { http } = await testApp(await storeWithOlderTokens())
    const { id } = (await http.post('/api/contact').send(validContact()).expect(201)).body
    expect(
      (await http.get(tokensPath).set(bearer(adminPassword)).expect(200)).body.map((token: { name: string; scopes: string[] }) => [token.name, token.scopes]),
    ).toEqual([
      ['Old snapshot script', ['read', 'write', 'metrics']],
      ['Old journal script', ['read', 'write', 'metrics']],
    ])
    for (const { token } of older) {
      await http.get('/api/admin/messages').set(bearer(token)).expect(200)
      await http.patch(`/api/admin/messages/${id}`).set(bearer(token)).send({ status: 'contacted' }).expect(200)
      await http.get('/metrics').set(bearer(token)).expect(200)
      await http
        .post('/api/admin/blocked')
        .set(bearer(token))
        .send({ kind: 'client', values: ['0.0.0.0/0'] })
        .expect(403)
      await http.get('/api/admin/backup').set(bearer(token)).expect(403)
    }
    expect((await http.get('/api/admin/blocked').set(bearer(adminPassword)).expect(200)).body).toEqual([])
  })
  it.skipIf(onPostgres)('stop the start when the data file gives a token a scope there is none of', async () => {
    const store = await freshStore()
    const { token, ...record } = older[0]!
    const apiTokens = [{ ...record, tokenHash: hashOf(token), scopes: ['read', 'root'] }]
    await writeFile(store.dataFile, JSON.stringify({ format: dataFileFormat, lastSeq: 0, apiTokens }))
    await expect(testApp(store)).rejects.toThrow(
      `${store.dataFile}: apiTokens[0]: apiTokens record older-snapshot: scopes: not a list of read, write, block, backup, metrics; restore it from a backup`,
    )
  })
})
