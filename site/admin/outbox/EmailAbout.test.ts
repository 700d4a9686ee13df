import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { agendaKind, digestKind, type EmailView } from '../../../contract/wire/records'
import { urls } from '../../../contract/wire/urls'
import { recordPath } from '../screens'
import { EmailAbout } from './EmailAbout'

const labels = {
  aboutConsultation: 'Consultation request',
  aboutMessage: 'Contact message',
  aboutSubscriber: 'Subscribers',
  aboutDay: 'The leads of the day',
  aboutInvitation: 'Invitation to the desk',
  aboutAccount: 'A person at the desk',
}
const link = (kind: string, about: EmailView['about']) => renderToStaticMarkup(createElement(EmailAbout, { email: { kind, about }, labels }))

it('links an email to the record it is about', () => {
  expect(link('consultation-notification', { collection: 'consultations', id: 'c1' })).toContain(`href="${recordPath('consultations', 'c1')}"`)
  expect(link('contact-acknowledgement', { collection: 'contacts', id: 'm1' })).toContain(`href="${recordPath('messages', 'm1')}"`)
})

// An invitation's record is no page of its own: People lists the open ones.
it('links an invitation to the desk to People', () => {
  const html = link('desk-invitation', { collection: 'invitations', id: 'i1' })
  expect(html).toContain(`href="${urls.admin.people}/"`)
  expect(html).toContain('Invitation to the desk')
})

// A password reset is about a person's account, which People lists (an owner's screen).
it("links an email about a person's account to People", () => {
  const html = link('password-reset', { collection: 'accounts', id: 'a1' })
  expect(html).toContain(`href="${urls.admin.people}/"`)
  expect(html).toContain('A person at the desk')
})

// The digest, and an agenda an older version queued, are about a day: their `about.id` is a date, which no record has.
it('links the morning digest and an old agenda to the inbox, not to a record named by its date', () => {
  for (const kind of [digestKind, agendaKind]) {
    const html = link(kind, { collection: 'consultations', id: '2026-11-25' })
    expect(html, kind).toContain(`href="${urls.admin.consultations}"`)
    expect(html, kind).toContain('The leads of the day')
    expect(html, kind).not.toContain('2026-11-25')
  }
})
