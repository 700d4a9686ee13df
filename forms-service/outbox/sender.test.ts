import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/net.js'
import { capturedLogger } from '../../tests/service/helpers.js'
import { defaultConfig } from '../config.js'
import { openStore } from '../store/store.js'
import { smtpMailer } from './mailers.js'
import { defaultSenderOptions, EmailSender } from './sender.js'

const message = { from: 'agency@example.com', to: 'ann@example.com', subject: 'Hello', text: 'Hello' }
const pauseLine = 'outbox: cannot reach the mail server; no email is tried until the pause is over'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('EmailSender, while the mail server cannot be reached', () => {
  it('counts the sends that failed together as one failure: the first pause is retryBaseMs, the next twice that', async () => {
    let now = new Date('2030-01-07T15:00:00Z')
    const clock = () => now
    const store = await openStore({ dataFile: null, databaseUrl: null, compactJournalBytes: defaultConfig.compactJournalBytes }, { now: clock })
    cleanups.push(() => store.close())
    // Six emails in one commit: the first pass takes them all and sends four at once.
    await store.subscribe({ email: 'ann@example.com', emails: { kinds: ['one', 'two', 'three', 'four', 'five', 'six'] } })
    const { logger, lines } = capturedLogger()
    const mailer = smtpMailer(`smtp://127.0.0.1:${await freePort()}`)
    const sender = new EmailSender(store, async () => message, mailer, logger, { ...defaultSenderOptions, concurrency: 4 }, clock)
    cleanups.push(() => sender.stop())
    const pauses = () => lines.filter((line) => line.msg === pauseLine).map((line) => line.retryInMs)
    const notSent = () => lines.filter((line) => line.msg === 'email not sent')

    sender.start()
    await expect.poll(notSent).toHaveLength(4)

    // retryBaseMs later the pause is over (four failures counted apart made it 8 times as long): the
    // next pass fails as one failure again, the second in a row.
    now = new Date(now.getTime() + defaultSenderOptions.retryBaseMs)
    sender.wake()
    await expect.poll(notSent).toHaveLength(8)
    expect(pauses()).toEqual([defaultSenderOptions.retryBaseMs, 2 * defaultSenderOptions.retryBaseMs])
  })
})
