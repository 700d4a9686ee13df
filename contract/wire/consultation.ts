import type { FromSchema } from 'json-schema-to-ts'
import { formTiming, honeypot, optionalText, requiredEmail, requiredText, select } from '../forms/fields.js'
import { isoDatePattern, isoInstantPattern, maxLength, timeZonePattern } from '../forms/limits.js'
import { consultationServices, optionValues, timeSlots } from '../forms/options.js'
import { placeKinds } from '../booking/meetingPlace.js'
import { sourceSchema } from './source.js'

/**
 * A pattern that also takes '': a form sends its optional fields blank (an HTML form without JavaScript
 * always does), and the service leaves blank fields out before it stores them.
 */
const orBlank = (pattern: string) => `^$|${pattern}`

const required = {
  businessName: 'Business name is required',
  contactName: 'Contact name is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  serviceInterest: 'Please select a service',
  date: 'Please select a date',
  timeSlot: 'Please select a time slot',
} as const

/** The consultation form. The service also checks that `date` is an offered day and `start` a free start of it. */
export const consultationSchema = {
  $id: 'consultation',
  type: 'object',
  properties: {
    businessName: requiredText(required.businessName, 'Business name', maxLength.name),
    website: optionalText('Website', maxLength.url, 'single'),
    contactName: requiredText(required.contactName, 'Contact name', maxLength.name),
    email: requiredEmail,
    // "no format check"
    phone: requiredText(required.phone, 'Phone number', maxLength.phone),
    serviceInterest: select(optionValues(consultationServices), required.serviceInterest),
    date: { type: 'string', pattern: isoDatePattern, errorMessage: required.date },
    timeSlot: select(optionValues(timeSlots), required.timeSlot),
    /**
     * The exact start the visitor picked among the window's free starts (GET /api/availability); without
     * it the service books the window's first free start.
     */
    start: { type: 'string', pattern: orBlank(isoInstantPattern), errorMessage: required.timeSlot },
    message: optionalText('Message', maxLength.message),
    /** How the visitor would like to meet, when booking.json offers a choice (contract/booking/meetingPlace.ts); the default when left out or no longer offered. */
    place: { type: 'string', enum: ['', ...placeKinds], errorMessage: 'Please choose how we meet' },
    /** The browser's time zone, so that the visitor's emails also give the time in it; the service checks the platform knows it. */
    timeZone: {
      type: 'string',
      maxLength: 64,
      pattern: orBlank(timeZonePattern),
      errorMessage: 'timeZone must be an IANA time zone, such as America/New_York',
    },
    /** Where the lead comes from (contract/wire/source.ts): sent by the widgets, made by the service without JavaScript. */
    source: sourceSchema,
    _gotcha: honeypot,
    _elapsedMs: formTiming,
  },
  required: ['businessName', 'contactName', 'email', 'phone', 'serviceInterest', 'date', 'timeSlot'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required },
} as const

export type ConsultationRequest = FromSchema<typeof consultationSchema>
