import { describe, expect, it } from 'vitest'
import { testApp, validConsultation, adminHeader, clockAt } from './helpers.js'

describe('past meetings (both stores)', () => {
  it('are marked held or no-show once begun and only then, corrected or cleared within a week of their start, counted while unmarked', async () => {
    // Thursday, October 29, 2026, 10:00 CDT; the clocks go back on Sunday, November 1.
    const clock = clockAt('2026-10-29T15:00:00Z')
    const { now } = clock
    const { http } = await testApp({}, { now }, { now })
    const book = async (email: string, date: string) => (await http.post('/api/consultation').send(validConsultation({ email, date })).expect(201)).body.id
    const friday = await book('fri@example.com', '2026-10-30')
    await book('mon@example.com', '2026-11-02')
    const agenda = async (from: string) =>
      (await http.get(`/api/admin/meetings?from=${from}&days=1`).set(adminHeader).expect(200)).body.meetings as Array<{
        id: string
        requestId: string
        state: string
        start: string
      }>
    const meeting = (await agenda('2026-10-30')).find((found) => found.requestId === friday)!
    const mark = (state: string) => http.post(`/api/admin/meetings/${meeting.id}/state`).set(adminHeader).send({ state })
    const unmarked = async () => (await http.get('/api/admin/summary').set(adminHeader).expect(200)).body.meetings.unmarked

    // Before it begins (Friday 9:00 CDT): refused with why, nothing changes.
    clock.set(Date.parse(meeting.start) - 60_000)
    const early = await mark('held').expect(409)
    expect(early.body.error).toBe('This meeting has not started yet: mark it held or no-show once it has begun')
    expect(await unmarked()).toBe(0)

    // Begun: counted until marked; the past day is in the agenda.
    clock.set(meeting.start)
    expect(await unmarked()).toBe(1)
    expect((await mark('held').expect(200)).body.meeting.state).toBe('held')
    expect(await unmarked()).toBe(0)
    // Corrected, then cleared back to what it was, then marked again.
    expect((await mark('no-show').expect(200)).body.meeting.state).toBe('no-show')
    expect((await mark('unmarked').expect(200)).body.meeting.state).toBe('booked')
    expect(await unmarked()).toBe(1)
    await mark('unmarked').expect(409)

    // Unmarked a week and more later, it may still be marked.
    clock.set('2026-11-09T15:00:00Z')
    expect(await unmarked()).toBe(2)
    expect((await mark('held').expect(200)).body.meeting.state).toBe('held')
    // But a mark older than a week is settled: a week after Friday 9:00 CDT is Friday 8:00 CST (elapsed time).
    const settled = await mark('no-show').expect(409)
    expect(settled.body.error).toBe('Held or no-show can be changed within a week of the meeting only')
    expect((await agenda('2026-10-30')).find((found) => found.id === meeting.id)!.state).toBe('held')
  })

  it('a mark may change until exactly a week after the start, across the change of the clocks', async () => {
    const clock = clockAt('2026-10-29T15:00:00Z')
    const { now } = clock
    const { http } = await testApp({}, { now }, { now })
    const id = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: '2026-10-30' }))
        .expect(201)
    ).body.id
    const meeting = (await http.get('/api/admin/meetings?from=2026-10-30&days=1').set(adminHeader).expect(200)).body.meetings.find(
      (found: { requestId: string }) => found.requestId === id,
    )
    const mark = (state: string) => http.post(`/api/admin/meetings/${meeting.id}/state`).set(adminHeader).send({ state })
    clock.set(Date.parse(meeting.start) + 30 * 60_000)
    await mark('held').expect(200)
    const week = Date.parse(meeting.start) + 7 * 86_400_000
    // Friday, November 6, 8:00 CST is 168 hours after Friday, October 30, 9:00 CDT.
    expect(new Date(week).toISOString()).toBe('2026-11-06T14:00:00.000Z')
    clock.set(week)
    await mark('no-show').expect(200)
    clock.set(week + 60_000)
    await mark('held').expect(409)
  })
})
