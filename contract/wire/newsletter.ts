import type { FromSchema } from 'json-schema-to-ts'
import { honeypot, requiredEmail } from '../forms/fields.js'
import { sourceSchema } from './source.js'

/** The newsletter form. The service trims the address and compares it case-insensitively. */
export const newsletterSchema = {
  $id: 'newsletter',
  type: 'object',
  properties: {
    email: requiredEmail,
    /** Where the lead comes from (contract/wire/source.ts): sent by the widgets, made by the service without JavaScript. */
    source: sourceSchema,
    _gotcha: honeypot,
  },
  required: ['email'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { email: 'Email is required' } },
} as const

export type NewsletterRequest = FromSchema<typeof newsletterSchema>
