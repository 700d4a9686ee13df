import type { Endpoint } from '../../contract/wire/api'
import { challengeHeader, challengeNeededMessage, challengeStatus, isChallengeNeeded } from '../../contract/wire/challenge'
import { ApiError, apiRequest, type RequestOf } from './api'

/**
 * Posts a booking (`send` of useSubmission). Past the agency's pace the service answers 428 with a
 * challenge (contract/wire/challenge.ts): the browser solves it, saying so through `onChecking`, and
 * sends the same post, same idempotency key, once more with the solution. A challenge that no number
 * solves fails as the 428 did. Only the consultation form imports this: no other page pays for it,
 * and the solver itself is fetched only when a challenge arrives.
 */
export async function postBooking(endpoint: Endpoint, request: RequestOf<Endpoint>, onChecking: (message: string) => void): Promise<Response> {
  try {
    return await apiRequest(endpoint, request)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== challengeStatus || !isChallengeNeeded(error.body)) throw error
    onChecking(challengeNeededMessage)
    const { bookingProof } = await import('./bookingProof')
    const proof = await bookingProof(error.body.challenge)
    if (!proof) throw error
    return apiRequest(endpoint, { ...request, headers: { ...request.headers, [challengeHeader]: proof } })
  }
}
