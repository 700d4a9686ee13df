import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api } from '../../contract/wire/api.js'
import type { Availability } from '../../contract/wire/meetingApi.js'
import { startService } from '../../forms-service/service.js'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { consultationDates, isOfferedConsultationDate } from '../../contract/booking/consultationDates.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { silentLogger, tempDir, testApp, testServiceOptions, validConsultation } from './helpers.js'

/** The day before Thanksgiving 2026, in Dallas. */
const now = new Date('2026-11-25T16:00:00Z')

describe('closed days', () => {
  // The fixture's closed-days.json: Thanksgiving 2026, the day after, Christmas Day and New Year's Day.
  it('are read from closed-days.json of the content at start, Thanksgiving and the day after among them', async () => {
    const closedDays = await loadClosedDays(fixtureContentDir)
    for (const date of ['2026-11-26', '2026-11-27', '2026-12-25', '2027-01-01']) expect(closedDays.includes(date)).toBe(true)
    expect(closedDays.includes('2026-11-30')).toBe(false)
  })

  it('are never offered, in the browser or by the service', () => {
    const closedDays = ['2026-11-26', '2026-11-27']
    expect(
      consultationDates(now, closedDays)
        .map((date) => date.value)
        .slice(0, 2),
    ).toEqual(['2026-11-30', '2026-12-01'])
    expect(isOfferedConsultationDate('2026-11-26', now, closedDays)).toBe(false)
    expect(isOfferedConsultationDate('2026-11-30', now, closedDays)).toBe(true)
  })

  it('a request for one is refused with "Please select a date"', async () => {
    const { http } = await testApp({}, { now: () => now, closedDays: await loadClosedDays(fixtureContentDir) })
    for (const date of ['2026-11-26', '2026-11-27']) {
      const res = await http.post('/api/consultation').send(validConsultation({ date })).expect(400)
      expect(res.body.fields).toEqual({ date: 'Please select a date' })
    }
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-30' }))
      .expect(201)
  })

  // A running service, its content folder edited as an editor's change reaches a mounted folder.
  it('follow closed-days.json while the service runs: a holiday added is no longer offered nor taken, without a restart', async () => {
    const contentDir = path.join(tempDir(), 'content')
    await fs.cp(fixtureContentDir, contentDir, { recursive: true })
    const service = await startService({ ...testServiceOptions, contentDir, dataFile: path.join(tempDir(), 'db.json') }, { logger: silentLogger })
    try {
      const offered = async () => ((await (await fetch(`${service.url}${api.meetings.availability.path}`)).json()) as Availability).days.map((day) => day.date)
      const [first] = await offered()
      expect(first).toBeDefined()
      const file = path.join(contentDir, 'closed-days.json')
      const days = JSON.parse(await fs.readFile(file, 'utf8')) as { date: string; name: string }[]
      await fs.writeFile(file, JSON.stringify([...days, { date: first, name: 'Office move' }], null, 2))

      await expect.poll(offered, { timeout: 5000 }).not.toContain(first)
      const refused = await fetch(`${service.url}${api.forms.consultation.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validConsultation({ date: first })),
      })
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({ date: 'Please select a date' })

      // A broken save keeps the days read before.
      await fs.writeFile(file, '[{ "date": ')
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect(await offered()).not.toContain(first)
    } finally {
      await service.close()
    }
  })
})
