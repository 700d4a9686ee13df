import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import { defaultConfig } from '../../forms-service/config.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { openStore } from '../../forms-service/store/store.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { migrate, migrations } from '../../forms-service/store/postgres/migrations.js'
import { startPostgres } from '../../scripts/postgres'
import {
  adminPassword,
  exited,
  freshStore,
  json,
  root,
  silentLogger,
  spawnService,
  testServiceOptions,
  unsubscribeSecret,
  validConsultation,
  validContact,
  adminHeader,
  midMinute,
  testEmailContext,
} from './helpers.js'
import { startSmtp } from './smtp.js'

// Two replicas on one database, as a container platform runs them (vitest.config.ts: project postgres).
const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0)) await service.close()
})

async function replica(databaseUrl: string, overrides: Record<string, unknown> = {}, now?: () => Date) {
  const service = await startService(
    { ...testServiceOptions, databaseUrl, dataFile: (await freshStore()).dataFile, ...overrides },
    { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400, pollMs: 200 }, ...(now ? { now } : {}) },
  )
  running.push(service)
  return service
}

const subscribers = async (url: string) =>
  ((await (await fetch(`${url}/api/admin/newsletter-subscribers`, { headers: adminHeader })).json()) as Array<{ email: string }>).map((s) => s.email)

describe('several replicas on PostgreSQL', () => {
  it('take 1,000 parallel POSTs spread over two replicas: stored = acknowledged, one record per address', async () => {
    const { databaseUrl } = await freshStore()
    const [a, b] = [await replica(databaseUrl!), await replica(databaseUrl!)]
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => json(`${(i % 2 ? a : b).url}/api/newsletter-subscription`, { email: `p${i % 900}@example.com` })),
    )
    expect(answers.map((res) => res.status).filter((status) => status !== 201)).toEqual([])
    const stored = await subscribers(a.url)
    expect(stored).toHaveLength(900)
    expect(new Set(stored).size).toBe(900)
    expect((await subscribers(b.url)).sort()).toEqual(stored.sort())
  }, 60_000)

  it('loses nothing acknowledged when one replica is killed mid-burst', async () => {
    const { databaseUrl, dataFile } = await freshStore()
    const env = {
      PORT: '0',
      DATABASE_URL: databaseUrl!,
      DATA_FILE: dataFile,
      ADMIN_PASSWORD: adminPassword,
      UNSUBSCRIBE_SECRET: unsubscribeSecret,
      SEND_EMAILS: 'false',
    }
    const doomed = await spawnService(env)
    const survivor = await replica(databaseUrl!)
    const acknowledged: string[] = []
    let next = 0
    let killed = false
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        const url = worker % 2 ? doomed.url : survivor.url
        while (next < 600) {
          const email = `burst${next++}@example.com`
          if (!killed && acknowledged.length >= 100) {
            killed = true
            doomed.child.kill('SIGKILL')
          }
          try {
            const res = await json(`${url}/api/newsletter-subscription`, { email })
            if (res.status === 201) acknowledged.push(email)
          } catch {
            if (url === doomed.url) return
          }
        }
      }),
    )
    await exited(doomed.child)
    const stored = new Set(await subscribers(survivor.url))
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([])
    expect(acknowledged.length).toBeGreaterThan(100)
  }, 60_000)

  it('share sessions, the rate limit and the password throttle', async () => {
    const { databaseUrl } = await freshStore()
    const { now } = midMinute()
    const [a, b] = [await replica(databaseUrl!, { rateLimitPerMinute: 3 }, now), await replica(databaseUrl!, { rateLimitPerMinute: 3 }, now)]
    const signIn = await fetch(`${a.url}/api/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: adminPassword }),
    })
    expect(signIn.status).toBe(204)
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('admin_session='))!
      .split(';')[0]!
    expect((await fetch(`${b.url}/api/admin/newsletter-subscribers`, { headers: { Cookie: cookie } })).status).toBe(200)
    await fetch(`${b.url}/api/admin/session`, { method: 'DELETE', headers: { Cookie: cookie, Origin: b.url } })
    expect((await fetch(`${a.url}/api/admin/newsletter-subscribers`, { headers: { Cookie: cookie } })).status).toBe(401)

    const posts = []
    for (let i = 0; i < 4; i++) posts.push((await json(`${(i % 2 ? a : b).url}/api/contact`, validContact({ email: `r${i}@example.com` }))).status)
    expect(posts).toEqual([201, 201, 201, 429])

    const guesses = []
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${(i % 2 ? a : b).url}/api/admin/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"password":"wrong-password"}',
      })
      guesses.push(res.status)
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429])
  }, 60_000)

  it('end a removed person’s sessions and tokens, and a demoted one’s sessions, on every replica at its next request', async () => {
    const { databaseUrl } = await freshStore()
    const [a, b] = [await replica(databaseUrl!), await replica(databaseUrl!)]
    const call = async (service: { url: string }, method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const res = await fetch(`${service.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: service.url, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith('admin_session=') && !line.startsWith('admin_session=;'))
      return { status: res.status, body: res.status === 204 ? null : await res.json(), cookie: cookie?.split(';')[0] ?? '' }
    }
    const bootstrap = await call(a, 'POST', '/api/admin/session', {}, { password: adminPassword })
    const owner = await call(
      b,
      'POST',
      '/api/admin/people/first-owner',
      { Cookie: bootstrap.cookie },
      { name: 'Olivia', email: 'olivia@example.com', password: 'olivia-password' },
    )
    expect(owner.status).toBe(201)
    // Olivia signs in on A and invites Ana, who signs in on B; an owner, Ana makes a token there.
    const olivia = await call(a, 'POST', '/api/admin/session', {}, { email: 'olivia@example.com', password: 'olivia-password' })
    const invitation = await call(a, 'POST', '/api/admin/invitations', { Cookie: olivia.cookie }, { name: 'Ana', email: 'ana@example.com', role: 'owner' })
    // The key of its link, as the outbox renders the email.
    const store = await openStore({ ...defaultConfig, databaseUrl: databaseUrl! })
    const [email] = await store.emailsAbout('invitations', invitation.body.id)
    const settings = await loadBookingSettings(fixtureContentDir)
    const message = await emailRenderer(store, await testEmailContext(), { settings, closedDays: [], now: () => new Date() })(email!)
    await store.close()
    const key = new URL(/https:\/\/\S+\/admin\/join\?key=[^\s)">]+/.exec(String(message && 'text' in message ? message.text : ''))![0]).searchParams.get('key')!
    const ana = await call(b, 'POST', '/api/admin/invitation', {}, { key, password: 'ana-long-password' })
    expect(ana.status).toBe(201)
    const token = await call(b, 'POST', '/api/admin/api-tokens', { Cookie: ana.cookie }, { name: 'Ana’s export', scopes: ['read'] })
    expect((await call(a, 'GET', '/api/admin/me', { Cookie: ana.cookie })).status).toBe(200)

    await call(a, 'PATCH', `/api/admin/people/${ana.body.id}`, { Cookie: olivia.cookie }, { role: 'member' })
    expect((await call(b, 'GET', '/api/admin/me', { Cookie: ana.cookie })).status).toBe(401)
    expect((await call(b, 'GET', '/api/admin/consultations', { Authorization: `Bearer ${token.body.token}` })).status).toBe(200)
    const again = await call(b, 'POST', '/api/admin/session', {}, { email: 'ana@example.com', password: 'ana-long-password' })
    expect((await call(a, 'GET', '/api/admin/me', { Cookie: again.cookie })).body).toMatchObject({ name: 'Ana', role: 'member' })

    expect((await call(b, 'DELETE', `/api/admin/people/${ana.body.id}`, { Cookie: olivia.cookie })).status).toBe(204)
    expect((await call(a, 'GET', '/api/admin/me', { Cookie: again.cookie })).status).toBe(401)
    expect((await call(a, 'GET', '/api/admin/consultations', { Authorization: `Bearer ${token.body.token}` })).status).toBe(401)
  }, 60_000)

  it('send each outbox email once, whichever replica picks it up', async () => {
    const smtp = await startSmtp()
    const { databaseUrl } = await freshStore()
    const [a, b] = [await replica(databaseUrl!, { sendEmails: true, smtpUrl: smtp.url }), await replica(databaseUrl!, { sendEmails: true, smtpUrl: smtp.url })]
    for (let i = 0; i < 10; i++) expect((await json(`${(i % 2 ? a : b).url}/api/contact`, validContact({ email: `once${i}@example.com` }))).status).toBe(201)
    await smtp.waitFor(20)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(smtp.received).toHaveLength(20)
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(20)
  }, 60_000)

  it('migrate once when two replicas start together, and refuse a schema newer than they know', async () => {
    const { databaseUrl } = await freshStore()
    await Promise.all([replica(databaseUrl!), replica(databaseUrl!)])
    const client = new pg.Client(databaseUrl!)
    await client.connect()
    try {
      const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version')
      expect(rows.map((row) => row.version)).toEqual(migrations.map((step) => step.version))
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migrations.at(-1)!.version + 1])
    } finally {
      await client.end()
    }
    await expect(replica(databaseUrl!)).rejects.toThrow(/schema is at version \d+, newer than this service knows/)
    const pool = new pg.Pool({ connectionString: databaseUrl! })
    await expect(migrate(pool)).rejects.toThrow(/newer than this service knows/)
    await pool.end()
  }, 60_000)

  it('refuses to start on a schema without a column a record declares, naming it and where its step goes', async () => {
    const { databaseUrl } = await freshStore()
    await replica(databaseUrl!)
    const client = new pg.Client(databaseUrl!)
    await client.connect()
    try {
      // As if emails.resentAt were declared (forms-service/store/records.ts) without the step that adds it.
      await client.query('ALTER TABLE emails DROP COLUMN resent_at')
    } finally {
      await client.end()
    }
    await expect(replica(databaseUrl!)).rejects.toThrow(
      /the schema has no column emails\.resent_at: add a step to forms-service\/store\/postgres\/migrations\.ts/,
    )
  }, 60_000)
})

describe('the database going away', () => {
  it('answers 503 (never a false 201) while it is down, says so on /healthz, and recovers by itself', async () => {
    // A server of this test's own, to stop and start.
    const server = await startPostgres()
    try {
      const service = await replica(await server.createDatabase())
      expect((await json(`${service.url}/api/contact`, validContact())).status).toBe(201)
      server.stop('immediate')
      const down = await json(`${service.url}/api/contact`, validContact({ email: 'down@example.com' }))
      expect(down.status).toBe(503)
      expect((await fetch(`${service.url}/healthz`)).status).toBe(503)
      expect((await fetch(`${service.url}/api/admin/messages`, { headers: adminHeader })).status).toBe(503)
      server.start()
      await expect.poll(async () => (await fetch(`${service.url}/healthz`)).status, { timeout: 15_000 }).toBe(200)
      expect((await json(`${service.url}/api/contact`, validContact({ email: 'back@example.com' }))).status).toBe(201)
      const list = (await (await fetch(`${service.url}/api/admin/messages`, { headers: adminHeader })).json()) as { items: Array<{ email: string }> }
      expect(list.items.map((item) => item.email)).toEqual(['back@example.com', validContact().email])
    } finally {
      server.remove()
    }
  }, 60_000)
})

// The server the project's setup started is the one freshStore() uses.
it('runs on the project server', () => {
  expect(inject('postgresUrl')).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/)
})

describe('npm run data:export and data:import', () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'forms-service/dataCli.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    })

  it('move every record from the embedded store to PostgreSQL and back, unchanged', async () => {
    const { dataFile, databaseUrl } = await freshStore()
    const embedded = await startService({ ...testServiceOptions, dataFile, databaseUrl: null }, { logger: silentLogger })
    const id = ((await (await json(`${embedded.url}/api/contact`, validContact())).json()) as { id: string }).id
    await json(`${embedded.url}/api/newsletter-subscription`, { email: 'moved@example.com' })
    await fetch(`${embedded.url}/api/admin/messages/${id}`, {
      method: 'PATCH',
      headers: { ...adminHeader, 'Content-Type': 'application/json' },
      body: '{"status":"contacted","note":"Called back"}',
    })
    // An API token moves too (as its hash), and opens the admin API on the other store.
    const created = await fetch(`${embedded.url}/api/admin/api-tokens`, {
      method: 'POST',
      headers: { ...adminHeader, 'Content-Type': 'application/json' },
      body: '{"name":"Backup script","scopes":["read","backup"]}',
    })
    const { token } = (await created.json()) as { token: string }
    expect((await fetch(`${embedded.url}/api/admin/summary`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200)
    // The block list moves too, and blocks on the other store.
    const blocked = await fetch(`${embedded.url}/api/admin/blocked`, {
      method: 'POST',
      headers: { ...adminHeader, 'Content-Type': 'application/json' },
      body: '{"kind":"email","values":["pest@example.com"],"reason":"Booked out a week"}',
    })
    expect(blocked.status).toBe(201)
    await embedded.close()

    const dir = path.dirname(dataFile)
    const exported = run(['export', path.join(dir, 'backup.json')], { DATA_FILE: dataFile })
    expect(exported.status, exported.stderr).toBe(0)
    expect(exported.stderr).toMatch(
      /^Exported 0 consultations, 1 contacts, 1 newsletterSubscribers, 3 emails, 1 apiTokens, 1 blocked, 0 blockedPosts, 0 recipients, 0 accounts, 0 sessions, 0 invitations, 2 auditTrail, 0 passkeys, 0 deskSettings from .*db\.json to .*backup\.json\n$/,
    )
    const imported = run(['import', path.join(dir, 'backup.json')], { DATABASE_URL: databaseUrl! })
    expect(imported.status, imported.stderr).toBe(0)
    const again = run(['import', path.join(dir, 'backup.json')], { DATABASE_URL: databaseUrl! })
    expect(again.status).toBe(1)
    expect(again.stderr).toContain('the database already holds records')

    const back = run(['export', path.join(dir, 'from-postgres.json')], { DATABASE_URL: databaseUrl! })
    expect(back.status, back.stderr).toBe(0)
    const [before, after] = await Promise.all(
      ['backup.json', 'from-postgres.json'].map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8'))),
    )
    expect(after).toEqual(before)
    expect(after.contacts[0]).toMatchObject({ id, status: 'contacted', note: 'Called back' })

    const onPostgres = await replica(databaseUrl!)
    expect(await subscribers(onPostgres.url)).toEqual(['moved@example.com'])
    expect(after.apiTokens).toEqual([expect.objectContaining({ name: 'Backup script', scopes: ['read', 'backup'], lastUsedAt: expect.any(String) })])
    expect((await fetch(`${onPostgres.url}/api/admin/summary`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200)
    expect(after.blocked).toEqual([expect.objectContaining({ kind: 'email', value: 'pest@example.com', reason: 'Booked out a week' })])
    expect((await json(`${onPostgres.url}/api/contact`, validContact({ email: 'pest@example.com' }))).status).toBe(201)
    expect(((await (await fetch(`${onPostgres.url}/api/admin/messages`, { headers: adminHeader })).json()) as { total: number }).total).toBe(1)
  }, 60_000)

  it("keep a meeting's key, so the links its emails carry open it on PostgreSQL too", async () => {
    const smtp = await startSmtp()
    const { dataFile, databaseUrl } = await freshStore()
    const embedded = await startService(
      { ...testServiceOptions, dataFile, databaseUrl: null, smtpUrl: smtp.url, sendEmails: true },
      { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400 } },
    )
    const request = validConsultation()
    expect((await json(`${embedded.url}/api/consultation`, request)).status).toBe(201)
    await smtp.waitFor(2)
    await embedded.close()
    const confirmation = smtp.received.find((mail) => mail.recipients.includes(request.email))!
    const token = decodeURIComponent(/\/meeting\/cancel\/\?token=([^>\s"]+)/.exec(confirmation.parsed.text ?? '')![1]!)

    const dir = path.dirname(dataFile)
    expect(run(['export', path.join(dir, 'backup.json')], { DATA_FILE: dataFile }).status).toBe(0)
    expect(run(['import', path.join(dir, 'backup.json')], { DATABASE_URL: databaseUrl! }).status).toBe(0)
    const onPostgres = await replica(databaseUrl!)
    const opened = await fetch(`${onPostgres.url}/api/meeting?token=${encodeURIComponent(token)}`)
    expect(opened.status).toBe(200)
    expect(await opened.json()).toMatchObject({ meeting: { state: 'booked' }, changeable: true })
  }, 60_000)
})
