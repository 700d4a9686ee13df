import { describe, expect, it } from 'vitest'
import { startService, type RunningService } from '../../forms-service/service.js'
import {
  adminPassword,
  exited,
  freshStore,
  json,
  onPostgres,
  silentLogger,
  spawnService,
  storeEnv,
  testServiceOptions,
  validConsultation,
  adminHeader,
} from './helpers.js'

// The fixture's morning holds six meetings (booking.test.ts); each meeting holds its half hour and the
// next (the buffer), at most two at once.
const perMorning = 6

type Meeting = { requestId: string; start: string; end: string }
const meetingsOf = async (url: string): Promise<Meeting[]> =>
  ((await (await fetch(`${url}/api/admin/meetings`, { headers: adminHeader })).json()) as { meetings: Meeting[] }).meetings

/** The most meetings (with their 15-minute buffer) that overlap at any instant. */
function mostAtOnce(meetings: Meeting[]): number {
  return Math.max(0, ...meetings.map((a) => meetings.filter((b) => b.start <= a.start && Date.parse(a.start) < Date.parse(b.end) + 15 * 60_000).length))
}

const burst = (urls: string[], prefix: string) =>
  Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      json(`${urls[i % urls.length]}/api/consultation`, validConsultation({ email: `${prefix}${i}@example.com` })).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { id?: string; fields?: Record<string, string> } }),
        () => ({ status: 0, body: {} }),
      ),
    ),
  )

describe('booking, whatever happens to the process', () => {
  // Two services start one after the other in processes of their own: slow on a busy machine.
  it('never overbooks a window across a kill -9 in the middle of 50 parallel requests, and loses no acknowledged meeting', { timeout: 120_000 }, async () => {
    const env = { PORT: '0', ...(await storeEnv()), ADMIN_PASSWORD: adminPassword }
    const first = await spawnService(env)
    const acknowledged: string[] = []
    let killed = false
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        try {
          const res = await json(`${first.url}/api/consultation`, validConsultation({ email: `k${i}@example.com` }))
          const body = (await res.json()) as { id?: string }
          if (res.status === 201) acknowledged.push(body.id!)
          if (acknowledged.length >= 2 && !killed) {
            killed = true
            first.child.kill('SIGKILL')
          }
        } catch {
          // the server is gone
        }
      }),
    )
    await exited(first.child)
    const second = await spawnService(env)
    const kept = await meetingsOf(second.url)
    expect(acknowledged.filter((id) => !kept.some((meeting) => meeting.requestId === id))).toEqual([])
    expect(kept.length).toBeLessThanOrEqual(perMorning)
    // The rest of the window fills up to exactly what fits, and no further.
    const answers = await burst([second.url], 'after')
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(perMorning - kept.length)
    const all = await meetingsOf(second.url)
    expect(all).toHaveLength(perMorning)
    expect(mostAtOnce(all)).toBeLessThanOrEqual(2)
  })

  it.runIf(onPostgres)('gives exactly what fits across two replicas on one database', { timeout: 120_000 }, async () => {
    const { databaseUrl } = await freshStore()
    const replicas: RunningService[] = []
    try {
      for (let i = 0; i < 2; i++) {
        replicas.push(await startService({ ...testServiceOptions, databaseUrl, dataFile: (await freshStore()).dataFile }, { logger: silentLogger }))
      }
      const answers = await burst(
        replicas.map((replica) => replica.url),
        'r',
      )
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(perMorning)
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(50 - perMorning)
      const all = await meetingsOf(replicas[1]!.url)
      expect(all).toHaveLength(perMorning)
      expect(new Set(all.map((meeting) => meeting.start)).size).toBe(3)
      expect(mostAtOnce(all)).toBeLessThanOrEqual(2)
    } finally {
      for (const replica of replicas) await replica.close()
    }
  })
})
