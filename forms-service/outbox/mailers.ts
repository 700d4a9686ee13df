import { mkdir, open, rename } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type Mail from 'nodemailer/lib/mailer/index.js'
import { fsyncDirOf } from '../store/files.js'

/** How an email leaves the service: over SMTP, or into the local outbox folder. */
export interface Mailer {
  readonly kind: 'smtp' | 'folder'
  /**
   * Resolves once the message is accepted (by the SMTP server, or on disk); `file` names the folder's
   * copy and `raw` is that copy's text, which a store shared by replicas keeps (each has its own folder).
   */
  send(message: Mail.Options, name: string): Promise<{ file?: string; raw?: string }>
  close(): void
}

/** A failure the sender must not retry: the SMTP server refused the message for good (5xx). */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * The recipients a mail server refused for good at RCPT TO (a 5xx such as "550 No such mailbox"): a
 * bounce of those addresses, not of the message. Empty for any other failure (a 554 for the content).
 */
export const refusedRecipients = (error: unknown): string[] => {
  const { code, rejected } = error as { code?: unknown; rejected?: unknown }
  if (!isPermanent(error) || code !== 'EENVELOPE' || !Array.isArray(rejected)) return []
  return rejected.filter((address): address is string => typeof address === 'string')
}

/** A failure of the server, not of the message: no connection, no greeting, a dropped socket. */
export const isUnreachable = (error: unknown) => {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && ['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET'].includes(code)
}

/** Why a send failed, for `forms_email_send_failures_total{reason}`. */
export const sendFailureReasons = ['refused', 'timeout', 'connection', 'other'] as const
export type SendFailureReason = (typeof sendFailureReasons)[number]

/**
 * nodemailer's error as an operator reads it: `timeout` (ETIMEDOUT: connecting, the greeting, or a
 * stalled socket), `refused` (the server answered with a 4xx or 5xx: the recipient, the message, the
 * login), `connection` (no connection, TLS, DNS, a dropped socket), else `other`.
 */
export function sendFailureReason(error: unknown): SendFailureReason {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  if (code === 'ETIMEDOUT') return 'timeout'
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) return 'refused'
  if (typeof code === 'string' && ['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH'].includes(code))
    return 'connection'
  return 'other'
}

/**
 * nodemailer over `SMTP_URL`. Short timeouts: an unreachable or stalled server costs one attempt, and
 * the sender tries again later; no visitor waits on it.
 */
export function smtpMailer(url: string, timeouts: Pick<SMTPTransport.Options, 'connectionTimeout' | 'greetingTimeout' | 'socketTimeout'> = {}): Mailer {
  const options: SMTPTransport.Options & { url: string } = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, ...timeouts }
  const transport = nodemailer.createTransport(options)
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail(message)
      return {}
    },
    close: () => transport.close(),
  }
}

/**
 * The local outbox: each message as an `.eml` file in `dir`, written whole (temp file, fsync, rename),
 * exactly as it would go out over SMTP. Without a mail server, this is what `npm start` uses.
 */
export function folderMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'folder',
    async send(message, name) {
      const { message: raw } = (await transport.sendMail(message)) as { message: Buffer }
      await mkdir(dir, { recursive: true })
      const file = `${name}.eml`
      const temp = path.join(dir, `.${file}.tmp`)
      const handle = await open(temp, 'w', 0o600)
      try {
        await handle.writeFile(raw)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temp, path.join(dir, file))
      await fsyncDirOf(path.join(dir, file))
      return { file, raw: raw.toString('utf8') }
    },
    close: () => transport.close(),
  }
}
