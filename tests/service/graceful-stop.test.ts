import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { adminPassword, closed, logLines, spawnService, tempDir } from './helpers.js'

// SIGTERM to the service as its own process, as a platform stops a replica during a rolling deploy;
// SIGINT as Ctrl-C stops it, SIGHUP as the terminal or SSH session that ran it closes.
// A reset is a 502 behind a proxy; a refused connection is retried by the proxy on another replica.

const body = JSON.stringify({ email: 'late@example.com' })
const rawPost = (host: string) =>
  `POST /api/newsletter-subscription HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('a graceful stop', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('answers a client that connected before %s and sends its request just after it', async (signal) => {
    const { child, url, output } = await spawnService({
      PORT: '0',
      DATA_FILE: path.join(tempDir(), 'db.json'),
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
    })
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
    child.kill(signal)
    await sleep(150)
    socket.write(rawPost(`${hostname}:${port}`))
    expect(await ended).toBe('closed')
    expect(answer).toMatch(/^HTTP\/1\.1 201 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(await closed(child)).toBe(0)
    const stopLines = logLines(output()).filter((line) => String(line.msg).startsWith('forms-service: stop'))
    expect(stopLines).toEqual([expect.objectContaining({ msg: 'forms-service: stopping', signal }), expect.objectContaining({ msg: 'forms-service: stopped' })])
  })
})
