import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import type { BusyCalendars } from '../../contract/booking/busyCalendar'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { checkedWidths, expectAccessible, expectNoErrors, openPage, siteForTests, adminHeader } from './harness'
import { signIn } from './inboxSteps'

// The meetings screen shows the agency's busy calendars: one read (Google's file), one that fails (a 500).

const ui = fixtureUi<UiStrings>()
const words = ui.adminMeetings
/** Wednesday, October 28, 2026, in Dallas: google.ics's dentist and offsite lie ahead. */
const now = new Date('2026-10-28T10:00:00-05:00')

const calendars = http.createServer((req, res) => {
  if (req.url === '/calendar/ical/s3cr3t/basic.ics')
    return res
      .writeHead(200, { 'Content-Type': 'text/calendar' })
      .end(readFileSync(path.resolve(import.meta.dirname, '../service/fixtures/busy-calendars/google.ics')))
  res.writeHead(500).end()
})
let host = ''
beforeAll(async () => {
  calendars.listen(0, '127.0.0.1')
  await new Promise((resolve) => calendars.once('listening', resolve))
  host = `127.0.0.1:${(calendars.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => calendars.close(() => resolve())))

const site = siteForTests({
  now: () => now,
  config: {
    get busyCalendarUrls() {
      return [`http://${host}/calendar/ical/s3cr3t/basic.ics`, `http://${host}/private/s3cr3t.ics`]
    },
  },
})

/** Waits until the service has read each calendar once (or failed to). */
async function calendarsRead() {
  const read = async () => {
    const response = await fetch(site.url + adminApi.meetings.busyCalendars.path, { headers: adminHeader })
    return ((await response.json()) as BusyCalendars).calendars.map((calendar) => calendar.lastReadAt !== null || calendar.error !== null)
  }
  await expect.poll(read).toEqual([true, true])
}

describe('the busy calendars on the meetings screen', () => {
  for (const [name, viewport] of [
    ['375 px', checkedWidths.phone],
    ['1440 px', checkedWidths.wide],
  ] as const) {
    test(`at ${name}: each calendar by its host, when it was read and why a read failed; no serious or critical axe violation`, async () => {
      await calendarsRead()
      const t = await openPage(site, { viewport, clock: now })
      await signIn(t, '/admin/meetings/?view=feed')
      const section = t.page.getByRole('region', { name: words.busyTitle })
      await expect
        .poll(async () => (await section.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\n+/g, '\n')))
        .toEqual([
          `Calendar 1: ${host}\nLast read Oct 28, 2026, 10:00 AM CDT: 2 busy times from yesterday to a month ahead.`,
          `Calendar 2: ${host}\nNot read yet.\nThe last read failed: ${host} answered 500 Internal Server Error.`,
        ])
      await expect.poll(() => section.innerText()).not.toContain('s3cr3t')
      await expectAccessible(t.page)
      expectNoErrors(t)
    })
  }
})
