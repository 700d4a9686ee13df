import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startTakenMessage, type Availability } from '../../contract/wire/meetingApi.js'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import { BookingSettingsError, loadBookingSettings } from '../../forms-service/booking/settings.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { tempDir, testApp, unsubscribeSecret, validConsultation, adminHeader } from './helpers.js'
import { dallas, dallasClock } from '../usTime.js'

// content/booking.json's minNoticeHours: no start sooner than that many hours after now is offered,
// booked, or a reschedule's or a Move's target. Hours are elapsed time: across a daylight-saving change
// the wall clock moves an hour more or less than the notice. The fixture's windows: 9-12, 13-17, 18-20.

async function contentWith(minNoticeHours: unknown): Promise<string> {
  const contentDir = path.join(tempDir(), 'content')
  await fs.cp(fixtureContentDir, contentDir, { recursive: true })
  const file = path.join(contentDir, 'booking.json')
  await fs.writeFile(file, JSON.stringify({ ...JSON.parse(await fs.readFile(file, 'utf8')), minNoticeHours }, null, 2))
  return contentDir
}

async function appAt(now: Date, minNoticeHours: number) {
  const contentDir = await contentWith(minNoticeHours)
  return testApp({ contentDir }, { now: () => now, closedDays: await loadClosedDays(contentDir) }, { now: () => now })
}

const availabilityOf = async (http: Awaited<ReturnType<typeof testApp>>['http']) => (await http.get('/api/availability').expect(200)).body as Availability
const morningOf = (days: Availability['days'], date: string) =>
  (days.find((day) => day.date === date)?.starts ?? []).filter((free) => free.window === 'morning').map((free) => dallasClock(free.start))

/** Friday, October 30, 2026, 6:40 PM daylight time; the clocks go back an hour on Sunday. */
const beforeFall = new Date('2026-10-30T23:40:00Z')
/** Friday, March 12, 2027, 6:40 PM standard time; the clocks go forward an hour on Sunday. */
const beforeSpring = new Date('2027-03-13T00:40:00Z')

describe('minNoticeHours', () => {
  it('leaves out the starts sooner than the notice, counted in elapsed hours across the change to standard time', async () => {
    // 64 hours after Friday 6:40 PM CDT is Monday 9:40 AM CST (a wall clock would say 10:40).
    const { http } = await appAt(beforeFall, 64)
    const answer = await availabilityOf(http)
    expect(morningOf(answer.days, '2026-11-02')).toEqual(['10:00', '10:30', '11:00', '11:30'])
    expect(answer.days.find((day) => day.date === '2026-11-02')?.windows).toEqual({ morning: true, afternoon: true, evening: true })
    // The next day is untouched.
    expect(morningOf(answer.days, '2026-11-03')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
  })

  it('drops a start from the availability answer the moment it comes within the notice', async () => {
    let now = beforeFall
    const contentDir = await contentWith(64)
    const { http } = await testApp({ contentDir }, { now: () => now, closedDays: await loadClosedDays(contentDir) }, { now: () => now })
    expect(morningOf((await availabilityOf(http)).days, '2026-11-02')[0]).toBe('10:00')
    // 20 minutes later the notice reaches 10:00 exactly: it is no longer ahead by the notice.
    now = new Date(beforeFall.getTime() + 20 * 60_000)
    expect(morningOf((await availabilityOf(http)).days, '2026-11-02')[0]).toBe('10:30')
  })

  it('and across the change to daylight time', async () => {
    // 62 hours after Friday 6:40 PM CST is Monday 9:40 AM CDT (a wall clock would say 8:40, and keep 9:00 and 9:30).
    const { http } = await appAt(beforeSpring, 62)
    expect(morningOf((await availabilityOf(http)).days, '2027-03-15')).toEqual(['10:00', '10:30', '11:00', '11:30'])
  })

  it('refuses a booking of a start within the notice and nothing is stored; the first start after it is booked', async () => {
    const { http, store } = await appAt(beforeFall, 64)
    const date = '2026-11-02'
    const refused = await http
      .post('/api/consultation')
      .send(validConsultation({ date, timeSlot: 'morning', start: dallas(date, '09:30') }))
      .expect(400)
    expect(refused.body.fields).toEqual({ start: startTakenMessage })
    expect((await store.list('consultations', { offset: 0, limit: 10 })).total).toBe(0)
    // Without a chosen start, the window's first start the notice allows.
    const booked = await http
      .post('/api/consultation')
      .send(validConsultation({ date, timeSlot: 'morning' }))
      .expect(201)
    expect(booked.body.meeting.start).toBe(dallas(date, '10:00'))
  })

  it("keeps a reschedule and the admin's Move out of the notice", async () => {
    const { http } = await appAt(beforeFall, 64)
    const date = '2026-11-02'
    const booked = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: '2026-11-04', timeSlot: 'afternoon' }))
        .expect(201)
    ).body
    const record = (await http.get(`/api/admin/consultations/${booked.id}`).set(adminHeader).expect(200)).body
    const token = meetingToken(unsubscribeSecret, 'reschedule', record.meeting)
    const taken = await http
      .post('/api/meeting/reschedule')
      .send({ token, date, timeSlot: 'morning', start: dallas(date, '09:00') })
      .expect(400)
    expect(taken.body.fields).toEqual({ start: startTakenMessage })
    const moves = (await http.get(`/api/admin/meetings/${record.meeting.id}/starts`).set(adminHeader).expect(200)).body.days as Availability['days']
    expect(morningOf(moves, date)).toEqual(['10:00', '10:30', '11:00', '11:30'])
    await http
      .post(`/api/admin/meetings/${record.meeting.id}/move`)
      .set(adminHeader)
      .send({ start: dallas(date, '09:30') })
      .expect(400)
    const moved = await http
      .post('/api/meeting/reschedule')
      .send({ token, date, timeSlot: 'morning', start: dallas(date, '10:00') })
      .expect(200)
    expect(moved.body.meeting.start).toBe(dallas(date, '10:00'))
  })

  it('is a whole number of hours from 0 to two weeks, checked with the other settings', async () => {
    for (const wrong of [-1, 1.5, 337, '24']) {
      const error = await loadBookingSettings(await contentWith(wrong)).catch((caught: unknown) => caught)
      expect(error, String(wrong)).toBeInstanceOf(BookingSettingsError)
      expect((error as Error).message).toContain('minNoticeHours')
    }
    expect((await loadBookingSettings(await contentWith(336))).minNoticeHours).toBe(336)
    expect((await loadBookingSettings(fixtureContentDir)).minNoticeHours).toBe(0)
  })
})
