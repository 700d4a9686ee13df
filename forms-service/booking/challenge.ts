import { createHmac } from 'node:crypto'
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1'
import type { BookingChallenge } from '../../contract/wire/challenge.js'
import type { BookingChallengeRules } from '../config.js'
import type { RateCounter } from '../store/coordination.js'

/** How long a challenge may be solved and sent back: a phone solves one in well under a second. */
export const challengeLifeMs = 10 * 60_000
const hourMs = 60 * 60_000
/** A solution is used once: its signature is counted for a day, longer than any challenge lives. */
const usedWindowMs = 24 * hourMs

/** What a booking post gets from the gate: on it goes, it must solve `challenge` first, or its solution failed. */
export type GateAnswer = { pass: true } | { pass: false; challenge: BookingChallenge } | { pass: false; failed: true }

/**
 * The booking challenge (docs/decisions.md, "A challenge when booking is unusual"). Every valid booking
 * post is counted in the hour's window, on every replica (the store's rate counter); past `perHour` of
 * them, a post holds its start only with a solution of a challenge this service made (ALTCHA: a SHA-256
 * proof of work signed with a key derived from the service's secret, no cookie and no third party), each
 * solution once. `onEngaged` is told when a window first goes past the pace, on one replica only.
 */
export function bookingGate(rules: BookingChallengeRules, counter: RateCounter, secret: string, onEngaged: (bookings: number) => void) {
  const hmacKey = createHmac('sha256', secret).update('booking-challenge').digest('hex')

  async function issue(now: Date): Promise<BookingChallenge> {
    const made = await createChallenge({ hmacKey, maxnumber: rules.maxNumber, expires: new Date(now.getTime() + challengeLifeMs) })
    return { ...made, algorithm: 'SHA-256', maxnumber: rules.maxNumber }
  }

  /**
   * Whether a solution (the header's text) is right, unexpired and not used before. Its expiry is read
   * against the service's clock, the one it was issued by, not altcha-lib's (the machine's).
   */
  async function solved(solution: string, now: Date): Promise<boolean> {
    if (solution.length > 2000 || !(await verifySolution(solution, hmacKey, false))) return false
    const expires = Number(extractParams(solution).expires) * 1000
    if (!(expires > now.getTime())) return false
    const { signature } = JSON.parse(atob(solution)) as { signature: string }
    return (await counter.hit(`booking-proof:${signature}`, usedWindowMs, now)).count === 1
  }

  return {
    /** `solution`: the challenge header of the post, if it sent one. */
    async check(solution: string | undefined, now: Date): Promise<GateAnswer> {
      if (rules.perHour === 0) return { pass: true }
      // A post that sends a solution is checked whatever the pace: a wrong one is never a booking.
      if (solution) return (await solved(solution, now)) ? { pass: true } : { pass: false, failed: true }
      const { count } = await counter.hit('booking-pace', hourMs, now)
      if (count <= rules.perHour) return { pass: true }
      if (count === rules.perHour + 1) onEngaged(count)
      return { pass: false, challenge: await issue(now) }
    },
  }
}

export type BookingGate = ReturnType<typeof bookingGate>
