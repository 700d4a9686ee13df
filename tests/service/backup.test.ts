import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startService } from '../../forms-service/service.js'
import { readBackup } from '../../forms-service/store/exportFile.js'
import { freshStore, root, silentLogger, spreadConsultation, tempDir, testServiceOptions, adminHeader } from './helpers.js'

// `npm run data:export --from <service>` takes a backup of a running service through GET /api/admin/backup
// with an API token, while posts keep arriving; `data:import` restores it into a fresh store, which then
// answers the same token and gives the same calendar address.

const admin = { ...adminHeader, 'Content-Type': 'application/json' }

/** The CLI as the image runs it: only what it is given, no admin password, no mail settings. */
function dataCli(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'forms-service/dataCli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', CONTENT_DIR: testServiceOptions.contentDir, ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr })))
}

const storeEnvOf = ({ dataFile, databaseUrl }: { dataFile: string; databaseUrl: string | null }): Record<string, string> =>
  databaseUrl ? { DATA_FILE: dataFile, DATABASE_URL: databaseUrl } : { DATA_FILE: dataFile }

describe('a backup of a running service', () => {
  it('holds every record acknowledged before it began, and a restore keeps the tokens, the block list, the meetings and the calendar address', async () => {
    const original = await freshStore()
    const service = await startService({ ...testServiceOptions, ...original }, { logger: silentLogger })
    try {
      const createToken = async (name: string, scopes: string[]) => {
        const created = await fetch(`${service.url}/api/admin/api-tokens`, { method: 'POST', headers: admin, body: JSON.stringify({ name, scopes }) })
        expect(created.status).toBe(201)
        return ((await created.json()) as { token: string }).token
      }
      const token = await createToken('backups', ['backup'])
      // A token without the scope gets no backup: the secrets in it outlive any token.
      const reader = await createToken('dashboard', ['read', 'write', 'metrics'])
      const refused = await dataCli(['export', '--from', service.url], { API_TOKEN: reader })
      expect(refused.status).toBe(1)
      expect(refused.stderr).toMatch(/^data:export: .* answered 403: .*does not have the backup scope/)
      const blocked = await fetch(`${service.url}/api/admin/blocked`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ kind: 'client', values: ['203.0.113.0/24'], reason: 'Bot farm' }),
      })
      expect(blocked.status).toBe(201)
      const feed = ((await (await fetch(`${service.url}/api/admin/calendar-feed`, { headers: admin })).json()) as { url: string }).url

      // Posts keep arriving, each noted with when it was acknowledged.
      const acknowledged: Array<{ id: string; email?: string; at: number }> = []
      let posting = true
      const poster = async (lane: number) => {
        for (let i = 0; posting; i++) {
          const n = lane * 10_000 + i
          if (n % 5 === 0) {
            const answer = await fetch(`${service.url}/api/consultation`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(spreadConsultation(n, { email: `lead${n}@example.com` })),
            })
            if (answer.status === 201) acknowledged.push({ id: ((await answer.json()) as { id: string }).id, at: performance.now() })
          } else {
            const email = `reader${n}@example.com`
            const answer = await fetch(`${service.url}/api/newsletter-subscription`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email }),
            })
            expect(answer.status).toBe(201)
            acknowledged.push({ id: ((await answer.json()) as { id: string }).id, email, at: performance.now() })
          }
        }
      }
      const posters = [0, 1, 2].map(poster)
      while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20))

      const file = path.join(tempDir(), 'backup.json')
      const began = performance.now()
      const exported = await dataCli(['export', file, '--from', service.url], { API_TOKEN: token })
      await new Promise((resolve) => setTimeout(resolve, 200))
      posting = false
      await Promise.all(posters)
      expect(exported.stderr).toBe(`Exported the backup of ${service.url} to ${file}\n`)
      expect(exported.status).toBe(0)

      const backup = await readBackup(file)
      const ids = new Set([...backup.data.consultations, ...backup.data.newsletterSubscribers].map((record) => record.id))
      const before = acknowledged.filter((record) => record.at < began)
      expect(before.length).toBeGreaterThanOrEqual(60)
      expect(before.filter((record) => !ids.has(record.id))).toEqual([])
      // Posts went on while it was taken: some are after it, and nothing in it was never acknowledged.
      expect(acknowledged.length).toBeGreaterThan(ids.size)
      const known = new Set(acknowledged.map((record) => record.id))
      expect([...ids].filter((id) => !known.has(id))).toEqual([])
      // Each consultation whole: its meeting and its emails.
      expect(backup.data.consultations.length).toBeGreaterThan(0)
      const emailsAbout = new Set(backup.data.emails.map((email) => email.about.id))
      for (const record of backup.data.consultations) {
        expect(record.meeting?.linkKey).toEqual(expect.any(String))
        expect(emailsAbout.has(record.id)).toBe(true)
      }
      expect(backup.data.blocked).toMatchObject([{ kind: 'client', value: '203.0.113.0/24', reason: 'Bot farm' }])
      expect(backup.data.apiTokens.map((one) => [one.name, one.scopes])).toEqual([
        ['backups', ['backup']],
        ['dashboard', ['read', 'write', 'metrics']],
      ])
      expect(JSON.stringify(backup)).not.toContain(token)
      expect(feed).toContain(backup.calendarFeedSecret)

      // Restored into a fresh store, then served: the same records, token, calendar address and meeting links.
      const restored = await freshStore()
      const imported = await dataCli(['import', file], storeEnvOf(restored))
      expect(imported.stderr).toMatch(/^Imported \d+ consultations, .* into /)
      expect(imported.status).toBe(0)
      const again = await startService({ ...testServiceOptions, ...restored }, { logger: silentLogger })
      try {
        const copy = await fetch(`${again.url}/api/admin/backup`, { headers: { Authorization: `Bearer ${token}` } })
        expect(copy.status).toBe(200)
        const second = JSON.parse(await copy.text()) as Record<string, unknown>
        const first = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
        // The tokens' last use moves as the token is used; all else is as it was.
        for (const backupText of [first, second]) for (const t of backupText.apiTokens as Array<Record<string, unknown>>) delete t.lastUsedAt
        expect(second).toEqual(first)
        const feedAgain = ((await (await fetch(`${again.url}/api/admin/calendar-feed`, { headers: admin })).json()) as { url: string }).url
        expect(new URL(feedAgain).pathname).toBe(new URL(feed).pathname)
      } finally {
        await again.close()
      }
    } finally {
      await service.close()
    }
  }, 60_000)

  it('needs an API token, and says where to get one', async () => {
    const result = await dataCli(['export', '--from', 'http://127.0.0.1:9'], {})
    expect(result.status).toBe(1)
    expect(result.stderr).toBe('data:export --from: set API_TOKEN to an API token the admin made with the backup scope (Admin › API tokens)\n')
    const refused = await dataCli(['export', '--from', 'http://127.0.0.1:9'], { API_TOKEN: 'fst_nothing' })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/^data:export: /)
  })
})
