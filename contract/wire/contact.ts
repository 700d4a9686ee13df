import type { FromSchema } from 'json-schema-to-ts'
import { formTiming, honeypot, optionalText, requiredEmail, requiredPatternText, requiredText, select } from '../forms/fields.js'
import { maxLength, usPhonePattern } from '../forms/limits.js'
import { contactServices, optionValues } from '../forms/options.js'
import { sourceSchema } from './source.js'

const required = {
  name: 'Name is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  business: 'Business name is required',
  service: 'Please select a service',
} as const

/** The contact form. */
export const contactSchema = {
  $id: 'contact',
  type: 'object',
  properties: {
    name: requiredText(required.name, 'Name', maxLength.name),
    email: requiredEmail,
    phone: requiredPatternText(required.phone, 'Please enter a valid phone number', usPhonePattern, maxLength.phone),
    business: requiredText(required.business, 'Business name', maxLength.name),
    service: select(optionValues(contactServices), required.service),
    message: optionalText('Message', maxLength.message),
    /** Where the lead comes from (contract/wire/source.ts): sent by the widgets, made by the service without JavaScript. */
    source: sourceSchema,
    _gotcha: honeypot,
    _elapsedMs: formTiming,
  },
  required: ['name', 'email', 'phone', 'business', 'service'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required },
} as const

export type ContactRequest = FromSchema<typeof contactSchema>
