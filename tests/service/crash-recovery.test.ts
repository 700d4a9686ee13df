import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import net from 'node:net'
import { startService } from '../../forms-service/service.js'
import { adminPassword, exited, json, spawnService, tempDir, testServiceOptions, adminHeader } from './helpers.js'

/**
 * Subscribes unique addresses from `workers` parallel loops until `stop`; returns the acknowledged
 * ones. `onAcknowledged` sees the count after each acknowledgement (to kill the server mid-burst).
 */
async function writeUntil(url: string, stop: Promise<void>, prefix: string, workers = 16, onAcknowledged: (count: number) => void = () => {}) {
  const acknowledged: string[] = []
  let stopped = false
  void stop.then(() => (stopped = true))
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped) {
        const email = `${prefix}-${next++}@example.com`
        try {
          const res = await json(`${url}/api/newsletter-subscription`, { email })
          if (res.status === 201) onAcknowledged(acknowledged.push(email))
          else await res.arrayBuffer()
        } catch {
          return // the server is gone
        }
      }
    }),
  )
  return acknowledged
}

describe('kill -9 during writes', () => {
  it('loses no acknowledged record, also when killed during a compaction', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    // A tiny compaction threshold, so journal rotations and snapshot writes happen during the run.
    const env = { PORT: '0', DATA_FILE: dataFile, ADMIN_PASSWORD: adminPassword, COMPACT_JOURNAL_BYTES: '8192' }
    const allAcknowledged: string[] = []
    for (let round = 0; round < 2; round++) {
      const { child, url } = await spawnService(env)
      // Killed mid-burst, once enough writes (and a compaction or two) have been acknowledged.
      let killed = () => {}
      const kill = new Promise<void>((resolve) => (killed = resolve))
      const acknowledged = await writeUntil(url, kill, `round${round}`, 16, (count) => {
        if (count === 40 + round * 20) {
          child.kill('SIGKILL')
          killed()
        }
      })
      await exited(child)
      expect(acknowledged.length).toBeGreaterThan(20)
      allAcknowledged.push(...acknowledged)
    }
    const { url } = await spawnService(env)
    const res = await fetch(`${url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
    const stored = new Set(((await res.json()) as Array<{ email: string }>).map((s) => s.email))
    const lost = allAcknowledged.filter((email) => !stored.has(email))
    expect(lost).toEqual([])
    // Unacknowledged writes that reached the disk before the kill may be there too; nothing else.
    expect(stored.size).toBeGreaterThanOrEqual(allAcknowledged.length)
  })

  it('finishes acknowledged writes and releases the data file on SIGTERM', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const env = { PORT: '0', DATA_FILE: dataFile, ADMIN_PASSWORD: adminPassword }
    const first = await spawnService(env)
    const stop = sleep(300).then(() => {
      first.child.kill('SIGTERM')
    })
    const acknowledged = await writeUntil(first.url, stop, 'term')
    expect(await exited(first.child)).toBe(0)
    const second = await spawnService(env)
    const res = await fetch(`${second.url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
    const stored = new Set(((await res.json()) as Array<{ email: string }>).map((s) => s.email))
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([])
  })

  it('refuses a second live process on the same data file', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const env = { PORT: '0', DATA_FILE: dataFile, ADMIN_PASSWORD: adminPassword }
    const first = await spawnService(env)
    await expect(spawnService(env)).rejects.toThrow(new RegExp(`in use by another process \\(pid ${first.child.pid} where it runs\\)`))
  })

  it('refuses a second service started in another PID namespace, as a container would be', async () => {
    const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0
    const dataFile = path.join(tempDir(), 'db.json')
    const env = { PORT: '0', DATA_FILE: dataFile, ADMIN_PASSWORD: adminPassword }
    const node = [process.execPath, '--import', 'tsx', 'forms-service/server.ts']
    // Without unshare (no privilege), a first service whose lock file names a pid that is not alive here.
    const first = canUnshare ? await spawnService(env, ['--pid', '--fork', '--kill-child', '--mount-proc', ...node], 'unshare') : await spawnService(env)
    if (!canUnshare) writeFileSync(`${dataFile}.lock`, '999999\n')
    else expect(readFileSync(`${dataFile}.lock`, 'utf8').trim()).toBe('1')
    await expect(spawnService(env)).rejects.toThrow(/in use by another process/)
    // Still the one writer: its data file takes a POST.
    expect((await json(`${first.url}/api/newsletter-subscription`, { email: 'ns@example.com' })).status).toBe(201)
  })
})

describe('SIGTERM under load', () => {
  it('answers every request sent before the signal, and refuses new connections after', async () => {
    const env = { PORT: '0', DATA_FILE: path.join(tempDir(), 'db.json'), ADMIN_PASSWORD: adminPassword }
    const { child, url } = await spawnService(env)
    let signalledAt = 0
    const resetBeforeSignal: string[] = []
    let answered = 0
    let next = 0
    const stop = () => signalledAt !== 0 && Date.now() - signalledAt > 1500
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (!stop()) {
          const sentAt = Date.now()
          try {
            const res = await json(`${url}/api/newsletter-subscription`, { email: `load-${next++}@example.com` })
            await res.arrayBuffer()
            answered++
            if (answered === 100) {
              signalledAt = Date.now()
              child.kill('SIGTERM')
            }
          } catch (error) {
            const code = String((error as { cause?: { code?: string } }).cause?.code ?? error)
            if (code === 'ECONNREFUSED') return
            if (signalledAt === 0 || sentAt < signalledAt) resetBeforeSignal.push(code)
          }
        }
      }),
    )
    expect(await exited(child)).toBe(0)
    expect(answered).toBeGreaterThanOrEqual(100)
    expect(resetBeforeSignal).toEqual([])
  })

  it('cuts off an upload that stalls instead of waiting for it', async () => {
    const service = await startService({ ...testServiceOptions, dataFile: path.join(tempDir(), 'db.json'), requestTimeoutMs: 500 })
    try {
      const socket = net.connect(service.port, '127.0.0.1')
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk))
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":')
      const started = Date.now()
      await closed
      expect(Date.now() - started).toBeLessThan(5000)
      expect(answer).toMatch(/^HTTP\/1\.1 408/)
    } finally {
      await service.close()
    }
  })
})
