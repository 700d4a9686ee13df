import type { ErrorObject } from 'ajv'
import { describe, expect, it } from 'vitest'
import { consultationDates, isOfferedConsultationDate } from '../../contract/booking/consultationDates.js'
import { fieldErrors } from '../../contract/forms/fieldErrors.js'
import { consultationServices, contactServices, timeSlots } from '../../contract/forms/options.js'
import { validateNewsletter } from '../../forms-service/validators.js'

describe('consultationDates', () => {
  it('offers the weekdays among the 14 days after today, labelled "Mon, Jun 2"', () => {
    const dates = consultationDates(new Date(2025, 5, 1, 10)) // Sunday, June 1
    expect(dates).toHaveLength(10)
    expect(dates[0]).toEqual({ value: '2025-06-02', label: 'Mon, Jun 2' })
    expect(dates.at(-1)).toEqual({ value: '2025-06-13', label: 'Fri, Jun 13' })
  })

  it('never offers today, Saturdays or Sundays, and crosses month ends', () => {
    const dates = consultationDates(new Date(2025, 0, 24, 23, 59)) // Friday, January 24
    expect(dates.map((d) => d.value)).toEqual([
      '2025-01-27',
      '2025-01-28',
      '2025-01-29',
      '2025-01-30',
      '2025-01-31',
      '2025-02-03',
      '2025-02-04',
      '2025-02-05',
      '2025-02-06',
      '2025-02-07',
    ])
  })
})

describe('isOfferedConsultationDate', () => {
  const now = new Date('2025-06-04T12:00:00Z') // Wednesday
  it.each([
    ['2025-06-04', true], // UTC today: already tomorrow for a visitor far west
    ['2025-06-05', true],
    ['2025-06-18', true], // today + 14
    ['2025-06-19', true], // today + 15: a visitor far east
    ['2025-06-20', false],
    ['2025-06-03', false],
    ['2025-06-07', false], // Saturday
    ['2025-06-08', false], // Sunday
    ['2025-06-31', false],
    ['20250605', false],
  ])('%s -> %s', (value, offered) => {
    expect(isOfferedConsultationDate(value, now)).toBe(offered)
  })
})

describe('fieldErrors', () => {
  it('reads missing properties wrapped by ajv-errors and keeps the first message per field', () => {
    const errors = [
      {
        keyword: 'errorMessage',
        instancePath: '',
        schemaPath: '#/errorMessage',
        params: { errors: [{ keyword: 'required', params: { missingProperty: 'email' } }] },
        message: 'Email is required',
      },
      { keyword: 'errorMessage', instancePath: '/phone', schemaPath: '#', params: { errors: [] }, message: 'Phone number is required' },
      { keyword: 'errorMessage', instancePath: '/phone', schemaPath: '#', params: { errors: [] }, message: 'Please enter a valid phone number' },
      { keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: 'name' }, message: "must have required property 'name'" },
    ] as ErrorObject[]
    expect(fieldErrors(errors)).toEqual({ email: 'Email is required', phone: 'Phone number is required', name: "must have required property 'name'" })
    expect(fieldErrors(null)).toEqual({})
  })

  it('reports a field named __proto__ as an ordinary field', () => {
    validateNewsletter(JSON.parse('{"email": "a@b.co", "__proto__": 1}'))
    const fields = fieldErrors(validateNewsletter.errors)
    expect(Object.keys(fields)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
  })
})

describe('options', () => {
  it('has the values the forms offer', () => {
    expect(consultationServices.map((o) => o.value)).toEqual(['website-design', 'app-design', 'digital-marketing', 'automation', 'ai-agents'])
    expect(contactServices.map((o) => o.value)).toEqual(['website', 'app', 'digital-marketing', 'automation', 'ai-agents'])
    expect(timeSlots).toEqual([
      { value: 'morning', label: 'Morning (9AM-12PM)' },
      { value: 'afternoon', label: 'Afternoon (1PM-5PM)' },
      { value: 'evening', label: 'Evening (6PM-8PM)' },
    ])
  })
})
