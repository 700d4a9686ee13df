import type { FromSchema } from 'json-schema-to-ts'

/** The admin screen's sign-in form. */
export const adminSessionSchema = {
  $id: 'adminSession',
  type: 'object',
  properties: {
    password: { type: 'string', minLength: 1, maxLength: 1000, errorMessage: 'Password is required' },
  },
  required: ['password'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { password: 'Password is required' } },
} as const

export type AdminSessionRequest = FromSchema<typeof adminSessionSchema>
