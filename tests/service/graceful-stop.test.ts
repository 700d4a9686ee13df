import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { adminPassword, exited, spawnService, tempDir } from './helpers.js'

// SIGTERM to the service as its own process, as a platform stops a replica during a rolling deploy.
// A reset is a 502 behind a proxy; a refused connection is retried by the proxy on another replica.

const body = JSON.stringify({ email: 'late@example.com' })
const rawPost = (host: string) =>
  `POST /api/newsletter-subscription HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('a graceful stop', () => {
  it('answers a client that connected before SIGTERM and sends its request just after it', async () => {
    const { child, url } = await spawnService({ PORT: '0', DATA_FILE: path.join(tempDir(), 'db.json'), ADMIN_PASSWORD: adminPassword })
    const { hostname, port } = new URL(url)
    const socket = net.connect(Number(port), hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      socket.once('close', () => resolve('closed'))
    })
    // Connected a while ago (a proxy's or a browser's connection made ahead), silent until just after the signal.
    await sleep(500)
    child.kill('SIGTERM')
    await sleep(150)
    socket.write(rawPost(`${hostname}:${port}`))
    expect(await ended).toBe('closed')
    expect(answer).toMatch(/^HTTP\/1\.1 201 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(await exited(child)).toBe(0)
  })

  it('resets none of 24 clients opening a connection per request in a loop', async () => {
    const { child, url } = await spawnService({ PORT: '0', DATA_FILE: path.join(tempDir(), 'db.json'), ADMIN_PASSWORD: adminPassword })
    const target = new URL('/api/newsletter-subscription', url)
    // No keep-alive: every request a new connection, as a proxy without upstream keep-alive makes them.
    const agent = new http.Agent({ keepAlive: false })
    const failures: string[] = []
    let answered = 0
    let next = 0
    let signalled = false
    const post = () =>
      new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify({ email: `burst-${next++}@example.com` })
        const req = http.request(
          target,
          { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
          (res) => {
            res.resume()
            res.on('end', resolve)
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(payload)
      })
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        for (;;) {
          try {
            await post()
            answered++
            if (answered === 150 && !signalled) {
              signalled = true
              child.kill('SIGTERM')
            }
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? String(error)
            if (code === 'ECONNREFUSED') return
            failures.push(`${code}: ${(error as Error).message}`)
            if (failures.length > 100) return
          }
        }
      }),
    )
    agent.destroy()
    expect(await exited(child)).toBe(0)
    expect(answered).toBeGreaterThanOrEqual(150)
    expect(failures).toEqual([])
  })
})
