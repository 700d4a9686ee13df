import { afterEach, describe, expect, it } from 'vitest'
import { freePort, silentServer } from '../../scripts/net.js'
import { startSmtp } from '../../tests/service/smtp.js'
import { sendFailureReason, smtpMailer, type Mailer } from './mailers.js'

const message = { from: 'agency@example.com', to: 'ann@example.com', subject: 'Hello', text: 'Hello' }

const mailers: Mailer[] = []
afterEach(() => {
  for (const mailer of mailers.splice(0)) mailer.close()
})

/** The error nodemailer gives for one send to `url`, as the outbox's sender sees it. */
async function failure(url: string): Promise<unknown> {
  const mailer = smtpMailer(url, { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 })
  mailers.push(mailer)
  return mailer.send(message, 'test').then(
    () => expect.fail('the send should have failed'),
    (error: unknown) => error,
  )
}

// Real nodemailer against real sockets: the reasons of forms_email_send_failures_total{reason}.
describe('sendFailureReason', () => {
  it('says refused when the server answers a recipient with a 5xx', async () => {
    const smtp = await startSmtp({ refuse: () => true })
    expect(sendFailureReason(await failure(smtp.url))).toBe('refused')
  })

  it('says connection when nothing listens at the server address', async () => {
    expect(sendFailureReason(await failure(`smtp://127.0.0.1:${await freePort()}`))).toBe('connection')
  })

  it('says timeout when the server accepts the connection and never greets', async () => {
    const silent = await silentServer()
    try {
      expect(sendFailureReason(await failure(`smtp://127.0.0.1:${silent.port}`))).toBe('timeout')
    } finally {
      await silent.close()
    }
  })

  it('says other for what is none of those', () => {
    expect(sendFailureReason(new Error('a template that cannot render'))).toBe('other')
  })
})
