import { expect, it } from 'vitest'
import { ApiError, serviceMessage } from './api'

it("gives the service's sentence of a refusal", () => {
  const body = { error: 'Only an owner can do this: ask an owner of the desk' }
  expect(serviceMessage(new ApiError(403, `403: ${JSON.stringify(body)}`, {}, body))).toBe(body.error)
})

it('gives nothing for a failure without one: another error, a body that is not JSON, an empty sentence', () => {
  expect(serviceMessage(new Error('Failed to fetch'))).toBeUndefined()
  expect(serviceMessage(new ApiError(502, '502: Bad Gateway'))).toBeUndefined()
  expect(serviceMessage(new ApiError(400, '400', {}, { error: '' }))).toBeUndefined()
  expect(serviceMessage(new ApiError(400, '400', {}, { error: { nested: true } }))).toBeUndefined()
})
