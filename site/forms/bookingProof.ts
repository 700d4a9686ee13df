import { solveChallenge } from 'altcha-lib/v1'
import type { BookingChallenge } from '../../contract/wire/challenge'

/**
 * Solves the service's booking challenge and returns what `challengeHeader` carries: ALTCHA's payload,
 * base64 of its JSON. Null when no number up to `maxnumber` solves it. On the main thread: each try
 * awaits `crypto.subtle.digest`, so the page keeps answering while it runs (`npm run bench:challenge`
 * measures the solve and its longest task). Loaded by postBooking.ts only when a challenge arrives.
 */
export async function bookingProof({ algorithm, challenge, maxnumber, salt, signature }: BookingChallenge): Promise<string | null> {
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise
  return solution && btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }))
}
