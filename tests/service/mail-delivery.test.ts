import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { startService, type RunningService } from '../../forms-service/service.js'
import type { OutboxPage } from '../../contract/wire/records.js'
import { capturedLogger, freshStore, json, onPostgres, testServiceOptions, validContact, adminHeader } from './helpers.js'

const metricsToken = 'a-metrics-token-of-32-characters-or-more'

const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0).reverse()) await service.close()
})

/** A service that writes its emails to the outbox folder beside its data file, as development and MAIL_DELIVERY=folder do. */
async function folderService(store: { dataFile: string; databaseUrl: string | null }, sendEmails = true) {
  const { logger, lines } = capturedLogger()
  const service = await startService(
    { ...testServiceOptions, ...store, sendEmails, metricsToken, logLevel: 'info' },
    { logger, sender: { pollMs: 100, retryBaseMs: 100 } },
  )
  running.push(service)
  const folder = path.join(path.dirname(store.dataFile), 'outbox')
  return { service, lines, folder }
}

const outbox = async (url: string) => (await (await fetch(`${url}/api/admin/outbox`, { headers: adminHeader })).json()) as OutboxPage
const viewEmail = (url: string, id: string) => fetch(`${url}/api/admin/outbox/${id}/message`, { headers: adminHeader })
const sample = async (url: string, name: string) => {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

describe('emails written to a folder', () => {
  it('are said to be not sent, on every write, in /metrics and in the Outbox', async () => {
    const { service, lines, folder } = await folderService(await freshStore())
    expect(service.email).toEqual({ delivery: 'folder', folder })
    expect((await json(`${service.url}/api/contact`, validContact())).status).toBe(201)
    await expect.poll(async () => (await outbox(service.url)).items.filter((email) => email.state === 'sent')).toHaveLength(2)
    const written = lines.filter((line) => line.msg === 'email written to a folder, not sent')
    expect(written).toHaveLength(2)
    expect(written.every((line) => line.level === 40 && typeof line.file === 'string')).toBe(true)
    expect(lines.filter((line) => line.msg === 'email sent')).toEqual([])
    expect(await sample(service.url, 'forms_emails_written_to_folder_total')).toBe(2)
    expect(await sample(service.url, 'forms_email_delivery{delivery="folder"}')).toBe(1)
    expect(await sample(service.url, 'forms_email_delivery{delivery="smtp"}')).toBe(0)
    const page = await outbox(service.url)
    expect(page.delivery).toBe('folder')
    // Besides the contact's two, the morning digest waits for its day.
    expect(new Set(page.items.flatMap((email) => email.file ?? []))).toEqual(new Set(await readdir(folder)))
  })
})

describe('GET /api/admin/outbox/:id/message', () => {
  it('shows the copy this process wrote, and answers 404 with a sentence, never 500, when the file is not in its folder', async () => {
    const store = await freshStore()
    const { service, folder } = await folderService(store)
    await json(`${service.url}/api/contact`, validContact())
    await expect.poll(async () => (await outbox(service.url)).items.filter((email) => email.file)).toHaveLength(2)
    const [first, second] = (await outbox(service.url)).items.filter((email) => email.file)
    const shown = await viewEmail(service.url, first!.id)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toBe(await readFile(path.join(folder, first!.file!), 'utf8'))

    // The file is gone (another replica's folder, a cleaned volume), and no database holds the text.
    await rm(path.join(folder, second!.file!))
    if (onPostgres) {
      const client = new pg.Client({ connectionString: store.databaseUrl! })
      await client.connect()
      await client.query('UPDATE emails SET message = NULL WHERE id = $1', [second!.id])
      await client.end()
    }
    const missing = await viewEmail(service.url, second!.id)
    expect(missing.status).toBe(404)
    const { error } = (await missing.json()) as { error: string }
    expect(error).toContain(`The copy of this email (${second!.file}) is not in this server's outbox folder`)
    expect(error).not.toMatch(/ENOENT|\n\s+at /)
    expect((await viewEmail(service.url, 'no-such-email')).status).toBe(404)
  })

  it.runIf(onPostgres)('shows on any replica the email another replica wrote to its own folder', async () => {
    const { databaseUrl } = await freshStore()
    // Each replica with a folder of its own (beside its own data file), as compose's replicas have.
    const writer = await folderService({ dataFile: (await freshStore()).dataFile, databaseUrl })
    const reader = await folderService({ dataFile: (await freshStore()).dataFile, databaseUrl }, false)
    expect(writer.folder).not.toBe(reader.folder)
    await json(`${writer.service.url}/api/contact`, validContact())
    await expect.poll(async () => (await outbox(reader.service.url)).items.filter((email) => email.file)).toHaveLength(2)
    for (const email of (await outbox(reader.service.url)).items.filter((item) => item.file)) {
      const shown = await viewEmail(reader.service.url, email.id)
      expect(shown.status).toBe(200)
      expect(await shown.text()).toBe(await readFile(path.join(writer.folder, email.file!), 'utf8'))
    }
    expect(await readdir(reader.folder).catch(() => [])).toEqual([])
  })
})
