import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, startPostgres, type TestPostgres } from '../../scripts/postgres.js'
import { adminPassword, exited, json, logLines, spawnService, tempDir, unsubscribeSecret, validContact } from './helpers.js'

// A PostgreSQL server of this file's own, stopped and started again under a running service (an upgrade,
// a failover, a host reboot), as the shared one of the `postgres` project cannot be.
let server: TestPostgres
beforeAll(async () => {
  server = await startPostgres()
})
afterAll(() => server?.remove())
// A test that fails while the database is stopped must not leave it stopped for the next.
let stopped = false
afterEach(() => {
  if (stopped) server.start()
  stopped = false
})

async function serviceOnDatabase() {
  const dir = tempDir()
  const outboxDir = path.join(dir, 'outbox')
  const service = await spawnService({
    PORT: '0',
    DATABASE_URL: await createDatabase(server.url),
    DATA_FILE: path.join(dir, 'db.json'),
    OUTBOX_DIR: outboxDir,
    ADMIN_PASSWORD: adminPassword,
    UNSUBSCRIBE_SECRET: unsubscribeSecret,
  })
  return { ...service, outboxDir }
}

describe('a PostgreSQL restart under a running service', () => {
  it('answers 503 while the database is down, serves again when it is back, and never exits', async () => {
    const service = await serviceOnDatabase()
    expect((await json(`${service.url}/api/contact`, validContact())).status).toBe(201)
    await expect.poll(async () => (await readdir(service.outboxDir).catch(() => [])).length).toBe(2)

    server.stop('fast')
    stopped = true
    const failures = () => logLines(service.output()).filter((line) => String(line.msg).startsWith('outbox: cannot read'))
    // The sender's poll meets the stopped database; the process must still be there afterwards.
    await expect.poll(() => failures().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    expect(service.child.exitCode).toBeNull()
    const down = await json(`${service.url}/api/contact`, validContact({ message: 'While the database is down' }))
    expect(down.status).toBe(503)
    expect((await fetch(`${service.url}/healthz`)).status).toBe(503)
    // The sender waits longer after each failure in a row rather than hammering the database.
    const waits = failures().map((line) => Number(line.retryInMs))
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!)

    server.start()
    stopped = false
    await expect.poll(async () => (await fetch(`${service.url}/healthz`)).status, { timeout: 30_000 }).toBe(200)
    expect((await json(`${service.url}/api/contact`, validContact({ message: 'After the restart' }))).status).toBe(201)
    // The new record's two emails go out without waiting for the sender's pause to end.
    await expect.poll(async () => (await readdir(service.outboxDir)).length, { timeout: 15_000 }).toBe(4)
    expect(service.child.exitCode).toBeNull()
    expect(logLines(service.output()).filter((line) => line.level === 'fatal')).toEqual([])
  }, 90_000)

  it('on an error nothing else handles, logs one JSON line and exits with code 1', async () => {
    const dir = tempDir()
    const service = await spawnService(
      {
        PORT: '0',
        DATABASE_URL: await createDatabase(server.url),
        DATA_FILE: path.join(dir, 'db.json'),
        ADMIN_PASSWORD: adminPassword,
        UNSUBSCRIBE_SECRET: unsubscribeSecret,
      },
      ['--import', 'tsx', '--import', './tests/service/fixtures/crashOnSignal.mjs', 'forms-service/server.ts'],
    )
    service.child.kill('SIGUSR2')
    expect(await exited(service.child)).toBe(1)
    const fatal = logLines(service.output()).filter((line) => line.level === 'fatal')
    expect(fatal).toHaveLength(1)
    expect(fatal[0]).toMatchObject({ event: 'unhandledRejection', err: { message: 'a rejection nobody handles' } })
  })
})
