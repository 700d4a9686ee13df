import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BusyCalendars } from '../../contract/booking/busyCalendar.js'
import { adminPassword, exited, failedStart, json, logLines, root, spawnService, tempDir, unsubscribeSecret, adminHeader } from './helpers.js'

const buildDir = path.join(root, 'forms-service', 'build')
const production = ['forms-service/build/forms-service/server.js']

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsFiles(path.join(dir, entry.name)) : entry.name.endsWith('.js') ? [path.join(dir, entry.name)] : [],
  )
}

describe('production start: NODE_ENV=production node forms-service/build/forms-service/server.js', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', '--silent', 'build:service'], { cwd: root, stdio: 'pipe' })
  }, 120_000)

  it('imports nothing but node built-ins, its own files and production dependencies', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const imported = new Set<string>()
    for (const file of jsFiles(buildDir)) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"\n]*?from\s+['"]([^'"]+)['"]/g)) {
        if (specifier!.startsWith('.') || specifier!.startsWith('node:')) continue
        imported.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!)
      }
    }
    expect(imported.size).toBeGreaterThan(5)
    for (const name of imported) expect(Object.keys(dependencies)).toContain(name)
  })

  it('serves /healthz and takes a POST onto disk', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const outboxDir = path.join(tempDir(), 'outbox')
    const { url, child, output } = await spawnService(
      {
        NODE_ENV: 'production',
        PORT: '0',
        DATA_FILE: dataFile,
        ADMIN_PASSWORD: adminPassword,
        UNSUBSCRIBE_SECRET: unsubscribeSecret,
        MAIL_DELIVERY: 'folder',
        OUTBOX_DIR: outboxDir,
      },
      production,
    )
    // The start line warns that email is kept, not sent, and where.
    expect(logLines(output()).find((line) => line.url === url)).toMatchObject({
      level: 'warn',
      email: { delivery: 'folder', folder: outboxDir },
      msg: expect.stringContaining(`email is written to a folder, not sent: each one goes to ${outboxDir}`),
    })
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    expect((await json(`${url}/api/newsletter-subscription`, { email: 'prod@example.com' })).status).toBe(201)
    child.kill('SIGTERM')
    expect(await exited(child)).toBe(0)
    const snapshotAndJournal = readFileSync(dataFile, 'utf8') + readFileSync(`${dataFile}.journal`, 'utf8')
    expect(snapshotAndJournal).toContain('prod@example.com')
  })

  it('reads a busy calendar on its worker thread, the compiled one (calendarWorker.js), without tsx', async () => {
    // One meeting tomorrow, whatever the day the test runs.
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '')
    const tomorrow = Date.now() + 86_400_000
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:tomorrow',
      `DTSTART:${stamp(tomorrow)}`,
      `DTEND:${stamp(tomorrow + 3_600_000)}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]
    const calendar = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(ics.join('\r\n')))
    calendar.listen(0, '127.0.0.1')
    await new Promise((resolve) => calendar.once('listening', resolve))
    try {
      const { url, child } = await spawnService(
        {
          NODE_ENV: 'production',
          PORT: '0',
          DATA_FILE: path.join(tempDir(), 'db.json'),
          ADMIN_PASSWORD: adminPassword,
          UNSUBSCRIBE_SECRET: unsubscribeSecret,
          MAIL_DELIVERY: 'folder',
          OUTBOX_DIR: path.join(tempDir(), 'outbox'),
          BUSY_CALENDAR_URLS: `http://127.0.0.1:${(calendar.address() as AddressInfo).port}/busy.ics`,
        },
        production,
      )
      const calendars = async () => ((await (await fetch(`${url}/api/admin/busy-calendars`, { headers: adminHeader })).json()) as BusyCalendars).calendars
      await expect.poll(async () => (await calendars())[0]).toMatchObject({ busyTimes: 1, error: null, lastReadAt: expect.any(String) })
      child.kill('SIGTERM')
      expect(await exited(child)).toBe(0)
    } finally {
      calendar.closeAllConnections()
      calendar.close()
    }
  })

  it('refuses to start without ADMIN_PASSWORD', async () => {
    const { code, output } = await failedStart({ NODE_ENV: 'production', PORT: '0', DATA_FILE: path.join(tempDir(), 'db.json') }, { entry: production })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([expect.objectContaining({ level: 'fatal', msg: 'forms-service: ADMIN_PASSWORD must be set when NODE_ENV=production' })])
  })

  it('refuses to start without SMTP_URL unless folder delivery is chosen with MAIL_DELIVERY=folder (OUTBOX_DIR alone is no choice)', async () => {
    const env = {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_FILE: path.join(tempDir(), 'db.json'),
      ADMIN_PASSWORD: adminPassword,
      UNSUBSCRIBE_SECRET: unsubscribeSecret,
    }
    for (const more of [{}, { OUTBOX_DIR: path.join(tempDir(), 'outbox') }] as Array<Record<string, string>>) {
      const { code, output } = await failedStart({ ...env, ...more }, { entry: production })
      expect(code).toBe(1)
      expect(logLines(output)).toEqual([
        expect.objectContaining({
          level: 'fatal',
          msg: 'forms-service: SMTP_URL must be set when NODE_ENV=production; to write every email to a folder instead, where none is sent, choose it: MAIL_DELIVERY=folder (OUTBOX_DIR names the folder)',
        }),
      ])
    }
    // With a mail server, the start line names it (never its credentials).
    const smtp = await spawnService({ ...env, SMTP_URL: 'smtp://user:secret-pass@127.0.0.1:2525' }, production)
    const start = logLines(smtp.output()).find((line) => line.url === smtp.url)
    expect(start).toMatchObject({ email: { delivery: 'smtp', server: '127.0.0.1:2525' }, msg: expect.stringContaining('email is sent through 127.0.0.1:2525') })
    expect(JSON.stringify(start)).not.toContain('secret-pass')
  })
})
