import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterEach } from 'vitest'
import { silentServer as silentTcpServer } from '../../scripts/net.js'

/** A port where nothing answers SMTP: connections are refused (the mail server is down). */
export { freePort } from '../../scripts/net.js'

export interface ReceivedMail {
  /** The SMTP envelope: who the server was asked to deliver to. */
  from: string
  recipients: string[]
  raw: string
  parsed: ParsedMail
}

export interface TestSmtp {
  url: string
  port: number
  received: ReceivedMail[]
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

const servers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of servers.splice(0)) await close()
})

/**
 * A real SMTP server (smtp-server, from the Nodemailer project) on 127.0.0.1. `refuse` answers a
 * recipient with a permanent 550, as a mailbox that does not exist would.
 */
export async function startSmtp(options: { port?: number; refuse?: (recipient: string) => boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          parsed: await simpleParser(raw),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  servers.push(close)
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${received.length}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      return received
    },
    close,
  }
}

/** A mail server that accepts the connection and never answers, closed after the test. */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = await silentTcpServer()
  servers.push(server.close)
  return { url: `smtp://127.0.0.1:${server.port}`, close: server.close }
}
