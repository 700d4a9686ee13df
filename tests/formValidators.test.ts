import { describe, expect, test } from 'vitest'
import { fieldErrors } from '../contract/forms/fieldErrors'
import { formValidatorsCode } from '../builder/formValidators'
import type { StandaloneValidate } from '../site/forms/validators'
import { everyConsultationFieldMissing } from './specMessages'

type Validators = Record<'consultation' | 'contact' | 'newsletter', StandaloneValidate>

// What the browser gets through `virtual:form-validators`, loaded as the ES module it is.
const code = formValidatorsCode()
const load = (): Promise<Validators> => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
const errorsOf = (validate: StandaloneValidate, data: unknown) => (validate(data) ? {} : fieldErrors(validate.errors))

describe('standalone form validators', () => {
  test('are self-contained: no ajv runtime, no require', () => {
    expect(code).not.toMatch(/\brequire\(/)
    expect(code).not.toMatch(/from\s+["']ajv/)
  })

  test('give the consultation messages', async () => {
    const { consultation } = await load()
    expect(errorsOf(consultation, { website: '', message: '', _gotcha: '' })).toEqual(everyConsultationFieldMissing)
    const filled = {
      businessName: 'B',
      contactName: 'C',
      email: 'c@b.co',
      phone: 'any',
      serviceInterest: 'automation',
      date: '2025-07-09',
      timeSlot: 'evening',
      website: '',
      message: '',
      _gotcha: '',
    }
    expect(errorsOf(consultation, filled)).toEqual({})
    expect(errorsOf(consultation, { ...filled, email: 'c@b', serviceInterest: '' })).toEqual({
      email: 'Email is invalid',
      serviceInterest: 'Please select a service',
    })
  })

  test('give the contact messages, with the US phone rule', async () => {
    const { contact } = await load()
    const filled = { name: 'N', email: 'n@b.co', phone: '(214) 555-0199', business: 'B', service: 'website', message: '', _gotcha: '' }
    expect(errorsOf(contact, filled)).toEqual({})
    expect(errorsOf(contact, { ...filled, phone: '555-0199' })).toEqual({ phone: 'Please enter a valid phone number' })
    // What phone autofill offers: the same rule as the service's (the contract schema).
    expect(errorsOf(contact, { ...filled, phone: '+1 214 555 0199' })).toEqual({})
    expect(errorsOf(contact, { ...filled, phone: '+2 214 555 0199' })).toEqual({ phone: 'Please enter a valid phone number' })
    expect(errorsOf(contact, { ...filled, phone: ' ', name: '', business: '', service: 'automation-creation' })).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
      business: 'Business name is required',
      service: 'Please select a service',
    })
  })

  test('give the newsletter messages', async () => {
    const { newsletter } = await load()
    expect(errorsOf(newsletter, { email: '' })).toEqual({ email: 'Email is required' })
    expect(errorsOf(newsletter, { email: 'reader@example' })).toEqual({ email: 'Email is invalid' })
    expect(errorsOf(newsletter, { email: 'reader@example.com', _gotcha: '' })).toEqual({})
  })
})
