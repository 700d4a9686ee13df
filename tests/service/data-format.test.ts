import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from '../../forms-service/config.js'
import { dataFileFormat, dataFormatVersion } from '../../forms-service/store/embedded/snapshot.js'
import { openStore } from '../../forms-service/store/store.js'
import { adminPassword, failedStart, logLines, tempDir, unsubscribeSecret } from './helpers.js'

// The embedded data file says its format version (forms-service/store/embedded/snapshot.ts): a service reads
// every format up to its own, writes its own at start before it appends anything, and refuses a later one in one
// line that says what to do, instead of blaming a record it does not know.

const later = `forms-service/${dataFormatVersion + 1}`
const subscriber = { id: 's1', email: 'reader@example.com', subscribedAt: '2026-11-02T15:00:00.000Z' }

describe('the data file format', () => {
  it('a start on a file of a later version refuses with one fatal line: upgrade the service; the file is left as it was', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const written = JSON.stringify({ format: later, lastSeq: 1, newsletterSubscribers: [{ ...subscriber, confirmedAt: '2026-11-02T15:01:00.000Z' }] })
    await writeFile(dataFile, written)
    const { code, output } = await failedStart({ DATA_FILE: dataFile, ADMIN_PASSWORD: adminPassword, UNSUBSCRIBE_SECRET: unsubscribeSecret, PORT: '0' })
    expect(code).toBe(1)
    expect(logLines(output).filter((line) => line.level === 'fatal')).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining(`is data file format ${dataFormatVersion + 1}; this service reads up to format ${dataFormatVersion}: upgrade the service`),
      }),
    ])
    expect(await readFile(dataFile, 'utf8')).toBe(written)
  })

  it('a file of the first format opens, and is in this format before the first change is appended', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    await writeFile(dataFile, JSON.stringify({ format: 'forms-service/1', lastSeq: 1, newsletterSubscribers: [subscriber] }))
    const store = await openStore({ ...defaultConfig, dataFile, databaseUrl: null })
    try {
      expect(JSON.parse(await readFile(dataFile, 'utf8'))).toMatchObject({ format: dataFileFormat, newsletterSubscribers: [subscriber] })
      await store.subscribe({ email: 'second@example.com' })
      expect((await store.subscribers()).map((record) => record.email).sort()).toEqual(['reader@example.com', 'second@example.com'])
    } finally {
      await store.close()
    }
  })

  it('an export of a later version is refused by the import the same way', async () => {
    const file = path.join(tempDir(), 'export.json')
    await writeFile(file, JSON.stringify({ format: later, lastSeq: 0, newsletterSubscribers: [subscriber] }))
    const { code, output } = await failedStart(
      { DATA_FILE: path.join(tempDir(), 'db.json') },
      { entry: ['--import', 'tsx', 'forms-service/dataCli.ts', 'import', file] },
    )
    expect(code).not.toBe(0)
    expect(output).toContain(`this service reads up to format ${dataFormatVersion}: upgrade the service`)
  })
})
