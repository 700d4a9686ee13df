import { spawn, spawnSync } from 'node:child_process'
import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { journalFileOf, lockFileOf, oldJournalFileOf } from '../../forms-service/store/embedded/durableFile.js'
import { DataFileInUseError } from '../../forms-service/store/embedded/lock.js'
import { openEmbeddedStore as openStore } from '../../forms-service/store/embedded/store.js'
import { startService } from '../../forms-service/service.js'
import { exited, json, root, silentLogger, tempDir, testServiceOptions, validContact } from './helpers.js'

const options = { compactJournalBytes: 16 * 1024 * 1024 }
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

describe('durable store', () => {
  it('creates the data file on first start and keeps records across restarts', async () => {
    const dataFile = path.join(tempDir(), 'nested', 'db.json')
    const store = await openStore(dataFile, options)
    expect(JSON.parse(await readFile(dataFile, 'utf8'))).toMatchObject({ newsletterSubscribers: [] })
    const a = await store.subscribe({ email: 'a@example.com' })
    await store.addContact({ fields: { name: 'Ann', email: 'a@example.com', phone: '2145550142', business: 'B', service: 'app' } })
    await store.close()
    const reopened = await openStore(dataFile, options)
    expect(await reopened.subscribers()).toEqual([a])
    await reopened.close()
  })

  it('creates every data file readable by its owner only (0600), whatever the umask', async () => {
    const dir = tempDir()
    const dataFile = path.join(dir, 'db.json')
    const umask = process.umask(0o022)
    try {
      const service = await startService({ ...testServiceOptions, dataFile, sendEmails: true }, { logger: silentLogger })
      expect((await json(`${service.url}/api/contact`, validContact())).status).toBe(201)
      await expect.poll(async () => (await readdir(path.join(dir, 'outbox'))).length).toBe(2)
      await service.close()
    } finally {
      process.umask(umask)
    }
    const files = [
      dataFile,
      journalFileOf(dataFile),
      lockFileOf(dataFile),
      ...(await readdir(path.join(dir, 'outbox'))).map((name) => path.join(dir, 'outbox', name)),
    ]
    for (const file of files) expect([path.basename(file), ((await stat(file)).mode & 0o777).toString(8)]).toEqual([path.basename(file), '600'])
  })

  it('appends each write to the journal, fsynced, and folds the journal into the snapshot at start-up', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const store = await openStore(dataFile, options)
    await store.subscribe({ email: 'a@example.com' })
    // While it runs, the file holds the entries and nothing after them.
    const running = await readFile(journalFileOf(dataFile), 'utf8')
    expect(running).toMatch(/^[^\0]+\n$/)
    expect(JSON.parse(running)).toMatchObject({ seq: 1, collection: 'newsletterSubscribers', record: { email: 'a@example.com' } })
    await store.close()
    expect(await readFile(journalFileOf(dataFile), 'utf8')).toBe(running)
    const reopened = await openStore(dataFile, options)
    expect(await exists(journalFileOf(dataFile))).toBe(true)
    expect(await readFile(journalFileOf(dataFile), 'utf8')).toBe('')
    expect(JSON.parse(await readFile(dataFile, 'utf8'))).toMatchObject({ lastSeq: 1, newsletterSubscribers: [{ email: 'a@example.com' }] })
    await reopened.close()
  })

  it('ignores a torn last journal line, also one followed by zeros', async () => {
    // A crash leaves the torn line last; an earlier version, which zeroed the journal ahead of its
    // writes, left zeros after it, and so may a crash while the file grows.
    for (const after of ['', '\0'.repeat(4096)]) {
      const dataFile = path.join(tempDir(), 'db.json')
      const store = await openStore(dataFile, options)
      await store.subscribe({ email: 'kept@example.com' })
      await store.close()
      await appendFile(journalFileOf(dataFile), `{"seq":2,"collection":"newsletterSubscribers","record":{"id":"x","ema${after}`)
      const reopened = await openStore(dataFile, options)
      expect((await reopened.subscribers()).map((s) => s.email)).toEqual(['kept@example.com'])
      await reopened.subscribe({ email: 'next@example.com' })
      await reopened.close()
      const again = await openStore(dataFile, options)
      expect((await again.subscribers()).map((s) => s.email)).toEqual(['kept@example.com', 'next@example.com'])
      await again.close()
    }
  })

  it('reads a journal an earlier version left ending in zeroed blocks, and leaves none of them', async () => {
    const entry = { seq: 1, collection: 'newsletterSubscribers', record: { id: 'old', email: 'old@example.com', subscribedAt: new Date().toISOString() } }
    for (const before of [`${JSON.stringify(entry)}\n`, '']) {
      const dataFile = path.join(tempDir(), 'db.json')
      await writeFile(journalFileOf(dataFile), before + '\0'.repeat(1024 * 1024))
      const store = await openStore(dataFile, options)
      await store.subscribe({ email: 'new@example.com' })
      await store.close()
      expect(await readFile(journalFileOf(dataFile), 'utf8')).toMatch(/^[^\0]+\n$/)
      const reopened = await openStore(dataFile, options)
      expect((await reopened.subscribers()).map((s) => s.email)).toEqual([...(before ? ['old@example.com'] : []), 'new@example.com'])
      await reopened.close()
    }
  })

  it('keeps a group of megabytes whole', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const store = await openStore(dataFile, options)
    // One group of about 2.5 MB, more than one write may take.
    await Promise.all(Array.from({ length: 12_000 }, (_, i) => store.subscribe({ email: `big-group-${i}@example.com` })))
    await store.subscribe({ email: 'after@example.com' })
    await store.close()
    const reopened = await openStore(dataFile, options)
    const emails = new Set((await reopened.subscribers()).map((s) => s.email))
    expect(emails.size).toBe(12_001)
    expect(emails.has('big-group-11999@example.com') && emails.has('after@example.com')).toBe(true)
    await reopened.close()
  })

  it('refuses to start on a damaged line in the middle of the journal', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    await writeFile(journalFileOf(dataFile), 'garbage\n{"seq":1,"collection":"contacts","record":{}}\n')
    await expect(openStore(dataFile, options)).rejects.toThrow(/line 1 is damaged/)
  })

  it('replays a journal left beside a snapshot that already holds part of it exactly once', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const record = (seq: number) => ({
      seq,
      collection: 'newsletterSubscribers',
      record: { id: `id-${seq}`, email: `s${seq}@example.com`, subscribedAt: new Date().toISOString() },
    })
    await writeFile(
      dataFile,
      JSON.stringify({ format: 'forms-service/1', lastSeq: 2, consultations: [], contacts: [], newsletterSubscribers: [record(1).record, record(2).record] }),
    )
    // A crash after the snapshot's rename, before the old journal was removed.
    await writeFile(oldJournalFileOf(dataFile), [record(1), record(2)].map((e) => `${JSON.stringify(e)}\n`).join(''))
    await writeFile(journalFileOf(dataFile), `${JSON.stringify(record(3))}\n`)
    const store = await openStore(dataFile, options)
    expect((await store.subscribers()).map((s) => s.id)).toEqual(['id-1', 'id-2', 'id-3'])
    expect(await exists(oldJournalFileOf(dataFile))).toBe(false)
    await store.subscribe({ email: 's4@example.com' })
    await store.close()
    const reopened = await openStore(dataFile, options)
    expect(await reopened.subscribers()).toHaveLength(4)
    await reopened.close()
  })

  it('compacts a large journal into the snapshot while writes go on', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const store = await openStore(dataFile, { compactJournalBytes: 4 * 1024 })
    await Promise.all(Array.from({ length: 400 }, (_, i) => store.subscribe({ email: `user${i}@example.com` })))
    for (let i = 400; i < 450; i++) await store.subscribe({ email: `user${i}@example.com` })
    await store.close()
    const snapshot = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(snapshot.lastSeq).toBeGreaterThan(0)
    expect((await stat(journalFileOf(dataFile))).size).toBeLessThan(64 * 1024)
    const reopened = await openStore(dataFile, options)
    expect(await reopened.subscribers()).toHaveLength(450)
    expect(new Set((await reopened.subscribers()).map((s) => s.email)).size).toBe(450)
    await reopened.close()
  })

  it('compacts no sooner than the journal is as large as the snapshot, so a large store does not rewrite itself at every few writes', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const first = await openStore(dataFile, options)
    await Promise.all(Array.from({ length: 400 }, (_, i) => first.subscribe({ email: `user${i}@example.com` })))
    await first.close()
    const store = await openStore(dataFile, { compactJournalBytes: 1024 })
    // The start folded the first session's journal in.
    expect(store.maintenance.compactions).toBe(1)
    const snapshotBytes = (await stat(dataFile)).size
    for (let i = 400; (await stat(journalFileOf(dataFile))).size < snapshotBytes / 2; i++) await store.subscribe({ email: `user${i}@example.com` })
    expect((await stat(journalFileOf(dataFile))).size).toBeGreaterThan(1024 * 10)
    expect(store.maintenance.compactions).toBe(1)
    for (let i = 1000; i < 1400; i++) await store.subscribe({ email: `user${i}@example.com` })
    await expect.poll(() => store.maintenance.compactions).toBe(2)
    await store.close()
  })

  it('refuses a data file locked by another process, whatever pid its lock file names, and opens it once that process is gone', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    // A process that holds the lock and writes a pid that means nothing here (another PID namespace).
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(lockFileOf(dataFile))}, 'a+'); require('fs-ext').flockSync(fd, 'ex'); fs.ftruncateSync(fd); fs.writeSync(fd, '999999\\n'); console.log('locked'); setTimeout(() => {}, 30000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise((resolve) => holder.stdout!.once('data', resolve))
      await expect(openStore(dataFile, options)).rejects.toThrow(DataFileInUseError)
      await expect(openStore(dataFile, options)).rejects.toThrow(/in use by another process \(pid 999999 where it runs\)/)
    } finally {
      holder.kill('SIGKILL')
      await exited(holder)
    }
    // The kernel freed the lock with the process: no stale lock to wait for.
    const store = await openStore(dataFile, options)
    expect((await readFile(lockFileOf(dataFile), 'utf8')).trim()).toBe(String(process.pid))
    await expect(openStore(dataFile, options)).rejects.toThrow(DataFileInUseError)
    await store.close()
    const again = await openStore(dataFile, options)
    await again.close()
  })

  it('opens a data file whose lock file names a live process that holds no lock (a pid proves nothing)', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const bystander = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    try {
      await writeFile(lockFileOf(dataFile), `${bystander.pid}\n`)
      const store = await openStore(dataFile, options)
      await store.close()
    } finally {
      bystander.kill('SIGKILL')
      await exited(bystander)
    }
  })
})

describe('start-up on a damaged data file', () => {
  const line = (entry: unknown) => `${JSON.stringify(entry)}\n`
  const contact = {
    id: 'c1',
    receivedAt: '2025-07-07T15:00:00.000Z',
    name: 'Ann',
    email: 'ann@example.com',
    phone: '2145550142',
    business: 'Bakery',
    service: 'app',
  }

  it('refuses a journal line whose record lacks a required field, naming file, line and field, and changes no file', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const store = await openStore(dataFile, options)
    await store.subscribe({ email: 'kept@example.com' })
    await store.close()
    const { email: _email, ...noEmail } = contact
    await appendFile(
      journalFileOf(dataFile),
      line({ seq: 2, collection: 'contacts', record: contact }) + line({ seq: 3, collection: 'contacts', record: { ...noEmail, id: 'c2' } }),
    )
    const before = { snapshot: await readFile(dataFile, 'utf8'), journal: await readFile(journalFileOf(dataFile), 'utf8') }
    await expect(openStore(dataFile, options)).rejects.toThrow(
      `${journalFileOf(dataFile)}: line 3: contacts record c2: email: missing; restore it from a backup or remove the line`,
    )
    expect({ snapshot: await readFile(dataFile, 'utf8'), journal: await readFile(journalFileOf(dataFile), 'utf8') }).toEqual(before)
  })

  it('refuses an update of a field that cannot change', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    await writeFile(
      journalFileOf(dataFile),
      line({ seq: 1, collection: 'contacts', record: contact }) + line({ seq: 2, collection: 'contacts', id: 'c1', set: { email: 'x@example.com' } }),
    )
    await expect(openStore(dataFile, options)).rejects.toThrow(/line 2: contacts update of c1: email cannot be changed/)
  })

  it('removes the half-written snapshot a crash during compaction left', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    await writeFile(`${dataFile}.4242.tmp`, '{"format":"forms-service/1","lastSeq":3,"consul')
    const store = await openStore(dataFile, options)
    expect(await exists(`${dataFile}.4242.tmp`)).toBe(false)
    await store.close()
  })

  it('applies a journal line written twice once', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const entry = line({ seq: 1, collection: 'contacts', record: contact })
    await writeFile(journalFileOf(dataFile), entry + entry + line({ seq: 2, collection: 'contacts', record: { ...contact, id: 'c2' } }))
    const store = await openStore(dataFile, options)
    expect((await store.list('contacts', { offset: 0, limit: 10 })).items.map((record) => record.id)).toEqual(['c2', 'c1'])
    await store.close()
    const again = await openStore(dataFile, options)
    expect((await again.list('contacts', { offset: 0, limit: 10 })).total).toBe(2)
    await again.close()
  })

  it('starts on a journal of 200,000 entries', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const lines: string[] = []
    for (let seq = 1; seq <= 200_000; seq++)
      lines.push(
        line({ seq, collection: 'newsletterSubscribers', record: { id: `s${seq}`, email: `s${seq}@example.com`, subscribedAt: '2025-07-07T15:00:00.000Z' } }),
      )
    await writeFile(journalFileOf(dataFile), lines.join(''))
    const store = await openStore(dataFile, options)
    expect(await store.subscribers()).toHaveLength(200_000)
    await store.close()
  }, 60_000)
})

describe('npm run data:export while the service runs', () => {
  it('says in one line why it cannot read a data file in use, and how to get a backup', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const service = await startService({ ...testServiceOptions, dataFile }, { logger: silentLogger })
    try {
      const exported = spawnSync(process.execPath, ['--import', 'tsx', 'forms-service/dataCli.ts', 'export', path.join(tempDir(), 'backup.json')], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_FILE: dataFile },
        encoding: 'utf8',
      })
      expect(exported.status).toBe(1)
      expect(exported.stdout).toBe('')
      expect(exported.stderr).toMatch(
        /^data:export: the data file is in use by a running service \(pid \d+\); take the backup through it \(data:export --from http:\/\/127\.0\.0\.1:\d+ with API_TOKEN set\), or stop it first\n$/,
      )
    } finally {
      await service.close()
    }
  })
})
