import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api } from '../../contract/wire/api.js'
import type { Availability } from '../../contract/wire/meetingApi.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { startService } from '../../forms-service/service.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { capturedLogger, freshStore, json, tempDir, testServiceOptions, validContact } from './helpers.js'

// A content folder mounted into the running service (forms-service/README.md): booking.json and the email
// templates are read again when they change, checked as at start; a mistake is logged once and the last
// good content stays (forms-service/followedContent.ts).

async function contentCopy(): Promise<string> {
  const contentDir = path.join(tempDir(), 'content')
  await fs.cp(fixtureContentDir, contentDir, { recursive: true })
  return contentDir
}

const editJson = async (file: string, change: (data: Record<string, unknown>) => void) => {
  const data = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
  change(data)
  await fs.writeFile(file, JSON.stringify(data, null, 2))
}

/** The gaps, in minutes, between a day's consecutive morning starts, for every day offered. */
const morningGaps = (availability: Availability) =>
  availability.days.map((day) => {
    const starts = day.starts.filter((start) => start.window === 'morning').map((start) => Date.parse(start.start))
    return { date: day.date, gaps: [...new Set(starts.slice(1).map((at, i) => (at - starts[i]!) / 60_000))] }
  })

describe('content that changes while the service runs', () => {
  it('availability follows booking.json across the daylight-saving change; a file with a mistake is logged once and the settings before stay', async () => {
    const contentDir = await contentCopy()
    const { logger, lines } = capturedLogger()
    // Days on both sides of the end of daylight saving time (2026-11-01) are offered.
    const now = () => new Date('2026-10-28T15:00:00Z')
    const service = await startService({ ...testServiceOptions, ...(await freshStore()), contentDir }, { logger, now })
    try {
      const availability = async () => (await (await fetch(`${service.url}${api.meetings.availability.path}`)).json()) as Availability
      const before = morningGaps(await availability())
      expect(before.map((day) => day.date)).toEqual(expect.arrayContaining(['2026-10-30', '2026-11-02']))
      for (const day of before) expect(day.gaps).toEqual([30])

      // An hour's meeting: booking.json and analysis.json (whose words must agree) change together.
      await editJson(path.join(contentDir, 'analysis.json'), (data) => {
        data.meetingLength = '60 minutes'
        data.meetingLengthAdjective = '60-minute'
      })
      await editJson(path.join(contentDir, 'booking.json'), (data) => {
        data.meetingMinutes = 60
      })
      await expect
        .poll(async () => morningGaps(await availability()).every((day) => day.gaps.length === 1 && day.gaps[0] === 60), { timeout: 10_000 })
        .toBe(true)
      const after = await availability()
      expect(after.days.map((day) => day.date)).toEqual(expect.arrayContaining(['2026-10-30', '2026-11-02']))

      // A mistake the content check finds: the meeting length no longer agrees with analysis.json.
      await editJson(path.join(contentDir, 'booking.json'), (data) => {
        data.meetingMinutes = 45
      })
      const words = await loadBookingSettings(contentDir).then(
        () => '',
        (error: Error) => error.message,
      )
      expect(words).toContain('analysis.json')
      await expect.poll(() => lines.filter((line) => String(line.msg).includes(words)).length, { timeout: 10_000 }).toBe(1)
      // Looked at again and again, it is reported once, and the hour's meetings stay.
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(lines.filter((line) => String(line.msg).includes(words))).toHaveLength(1)
      expect(lines.find((line) => String(line.msg).includes(words))?.level).toBe(50)
      expect(await availability()).toEqual(after)
    } finally {
      await service.close()
    }
  }, 40_000)

  it('an email template edited shows in the next email; a broken one is logged once and the templates before stay', async () => {
    const contentDir = await contentCopy()
    const outboxDir = tempDir()
    const { logger, lines } = capturedLogger()
    const service = await startService({ ...testServiceOptions, ...(await freshStore()), contentDir, outboxDir, sendEmails: true }, { logger })
    try {
      const subjects = async () => {
        const files = await fs.readdir(outboxDir).catch(() => [] as string[])
        const texts = await Promise.all(files.map((file) => fs.readFile(path.join(outboxDir, file), 'utf8')))
        return texts.map((text) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '')
      }
      const send = async (email: string) => expect((await json(`${service.url}${api.forms.contact.path}`, validContact({ email }))).status).toBe(201)
      const template = path.join(contentDir, 'emails', 'contact-acknowledgement.md')
      const source = await fs.readFile(template, 'utf8')

      await send('first@example.com')
      await expect.poll(async () => (await subjects()).some((subject) => subject.startsWith('We received your message')), { timeout: 10_000 }).toBe(true)

      await fs.writeFile(template, source.replace('subject: "We received your message', 'subject: "Thanks for writing'))
      // The next email after the change is seen (within the second the files are looked at).
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await send('second@example.com')
      await expect.poll(async () => (await subjects()).filter((subject) => subject.startsWith('Thanks for writing')).length, { timeout: 10_000 }).toBe(1)

      // An unknown placeholder: the content check's words, once, and the edited template stays.
      await fs.writeFile(template, source.replace('subject: "We received your message', 'subject: "{{nobody}} thanks'))
      await expect.poll(() => lines.filter((line) => String(line.msg).includes('contact-acknowledgement.md')).length, { timeout: 10_000 }).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(lines.filter((line) => String(line.msg).includes('contact-acknowledgement.md'))).toHaveLength(1)
      await send('third@example.com')
      await expect.poll(async () => (await subjects()).filter((subject) => subject.startsWith('Thanks for writing')).length, { timeout: 10_000 }).toBe(2)
      expect((await subjects()).some((subject) => subject.includes('nobody'))).toBe(false)
    } finally {
      await service.close()
    }
  }, 60_000)
})
