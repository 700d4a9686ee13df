import { expect, it } from 'vitest'
import { emailNames, type EmailName } from '../../contract/content/emails/templateTable.js'
import { loadEmailTemplates } from '../../contract/content/emails/templates.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailKinds, type Reader, type Trigger } from '../../forms-service/outbox/kinds.js'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import { digestKind, type EmailRecord } from '../../forms-service/store/records.js'
import { bookingCheckKind } from '../../contract/wire/records.js'
import { invitationKey } from './deskPeople.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { adminHeader, holdTokenIn, offeredDates, testApp, unsubscribeSecret, validConsultation, validContact } from './helpers.js'

const notifyTo = 'leads@example.com'
const visitor = 'ann@bakery.example.com'
const subscriber = 'reader@example.com'
const colleague = 'ana@agency.example.com'
const addressOf: Record<Reader, string> = { agency: notifyTo, visitor, subscriber, colleague }

// The table (forms-service/outbox/kinds.ts) says who reads each email, what it is about and what queues it;
// the service, driven as a visitor and the agency drive it, must do what it says, for every kind.
it('every kind of email is queued by what the table says, about what it says, and goes to whom it says', async () => {
  const app = await testApp()
  const booking = await loadBookingSettings(fixtureContentDir)
  const context = {
    templates: await loadEmailTemplates(fixtureContentDir),
    from: 'Bluebonnet <hello@example.com>',
    notifyTo,
    notifyCopy: true,
    siteUrl: 'https://www.example.com',
    apiUrl: 'https://www.example.com',
    unsubscribeSecret,
    messageIdDomain: 'example.com',
    holdMinutes: 60,
    place: booking.place,
  }
  const render = emailRenderer(app.store, context, { settings: booking, closedDays: [], now: () => new Date() })
  const rendered = new Set<EmailName>()
  const kindsOf = (emails: EmailRecord[]) => emails.map((email) => email.kind).sort()
  const expected = (...triggers: Trigger[]) => emailNames.filter((kind) => triggers.some((trigger) => emailKinds[kind].queuedOn.includes(trigger))).sort()
  const renderEach = async (emails: EmailRecord[], about: Record<EmailRecord['about']['collection'], readonly string[]>) => {
    for (const email of emails) {
      const kind = email.kind as EmailName
      const message = await render(email)
      if (!message || 'superseded' in message) throw new Error(`${kind} did not render: ${JSON.stringify(message)}`)
      expect([kind, (message.to as { address: string }).address]).toEqual([kind, addressOf[emailKinds[kind].to]])
      expect([kind, email.about.collection]).toEqual([kind, about[email.about.collection] && email.about.collection])
      expect(about[email.about.collection]).toContain(emailKinds[kind].about)
      rendered.add(kind)
    }
  }
  const fromConsultation = { consultations: ['request', 'meeting'], contacts: [], newsletterSubscribers: [], invitations: [], accounts: [] } as const

  const { id } = (
    await app.http
      .post('/api/consultation')
      // The third day offered: far enough ahead for a reminder, at any hour of today.
      .send(validConsultation({ email: visitor, date: offeredDates()[2] }))
      .expect(201)
  ).body
  const booked = await app.store.emailsAbout('consultations', id)
  expect(kindsOf(booked)).toEqual(expected('consultation', 'timed'))
  await renderEach(booked, fromConsultation)

  const { meeting } = (await app.store.find('consultations', id))!
  const token = (action: 'reschedule' | 'cancel') => meetingToken(unsubscribeSecret, action, meeting!)
  await app.http
    .post('/api/meeting/reschedule')
    .send({ token: token('reschedule'), date: offeredDates()[2], timeSlot: 'evening' })
    .expect(200)
  const moved = (await app.store.emailsAbout('consultations', id)).filter((email) => !booked.some((before) => before.id === email.id))
  expect(kindsOf(moved)).toEqual(expected('moved', 'timed'))
  await renderEach(moved, fromConsultation)

  await app.http
    .post('/api/meeting/cancel')
    .send({ token: token('cancel') })
    .expect(200)
  const cancelled = (await app.store.emailsAbout('consultations', id)).filter((email) => ![...booked, ...moved].some((before) => before.id === email.id))
  expect(kindsOf(cancelled)).toEqual(expected('cancelled'))
  await renderEach(cancelled, fromConsultation)

  const contact = (
    await app.http
      .post('/api/contact')
      .send(validContact({ email: visitor }))
      .expect(201)
  ).body.id
  const messages = await app.store.emailsAbout('contacts', contact)
  expect(kindsOf(messages)).toEqual(expected('contact'))
  await renderEach(messages, { consultations: [], contacts: ['message'], newsletterSubscribers: [], invitations: [], accounts: [] })

  const subscription = (await app.http.post('/api/newsletter-subscription').send({ email: subscriber }).expect(201)).body.id
  const welcome = await app.store.emailsAbout('newsletterSubscribers', subscription)
  expect(kindsOf(welcome)).toEqual(expected('subscription'))
  await renderEach(welcome, { consultations: [], contacts: [], newsletterSubscribers: ['subscriber'], invitations: [], accounts: [] })

  // An owner invites a person to the desk (routes/people.ts).
  const invitation = (await app.http.post('/api/admin/invitations').set(adminHeader).send({ name: 'Ana Ruiz', email: colleague, role: 'member' }).expect(201))
    .body.id
  const invited = await app.store.emailsAbout('invitations', invitation)
  expect(kindsOf(invited)).toEqual(expected('invitation'))
  await renderEach(invited, { consultations: [], contacts: [], newsletterSubscribers: [], invitations: ['invitation'], accounts: [] })

  // The invited person, their account made, asks for a new password (routes/security.ts).
  const accepted = await app.http
    .post('/api/admin/invitation')
    .send({ key: await invitationKey(app, invitation), password: 'ana-long-password' })
    .expect(201)
  await app.http.post('/api/admin/password-reset').send({ email: colleague }).expect(202)
  const reset = await app.store.emailsAbout('accounts', accepted.body.id)
  expect(kindsOf(reset)).toEqual(expected('password-reset'))
  await renderEach(reset, { consultations: [], contacts: [], newsletterSubscribers: [], invitations: [], accounts: ['person'] })

  // The digest of a working day, as digest/schedule.ts queues it.
  expect(expected('working-day')).toEqual([digestKind])
  await app.store.queueDayEmail(digestKind, '2027-03-15', '2027-03-15T13:00:00.000Z')
  await renderEach(await app.store.emailsAbout('consultations', '2027-03-15'), {
    consultations: ['day'],
    contacts: [],
    newsletterSubscribers: [],
    invitations: [],
    accounts: [],
  })

  // The booking check's notice, as the challenge queues it once a day (booking/challenge.ts).
  expect(expected('busy-hour')).toEqual([bookingCheckKind])
  await app.store.queueDayEmail(bookingCheckKind, '2027-03-16', '2027-03-16T19:00:00.000Z')
  await renderEach(await app.store.emailsAbout('consultations', '2027-03-16'), {
    consultations: ['day'],
    contacts: [],
    newsletterSubscribers: [],
    invitations: [],
    accounts: [],
  })

  // While the booking challenge is on (booking/challenge.ts): a form sent without JavaScript is kept without
  // a time and owes its hold link; the link pressed, the request holds its time and owes its confirmation.
  const busy = await testApp({ bookingChallenge: { ...app.config.bookingChallenge, perHour: 1 } })
  const renderBusy = emailRenderer(busy.store, context, { settings: booking, closedDays: [], now: () => new Date() })
  await busy.http
    .post('/api/consultation')
    .send(validConsultation({ email: 'first@example.com' }))
    .expect(201)
  const plain = new URLSearchParams(validConsultation({ email: visitor, date: offeredDates()[2] }) as Record<string, string>).toString()
  await busy.http.post('/api/consultation').type('form').send(plain).expect(303)
  const [unheld] = (await busy.store.list('consultations', { offset: 0, limit: 10, q: visitor })).items
  const kept = await busy.store.emailsAbout('consultations', unheld!.id)
  expect(kindsOf(kept)).toEqual(expected('unheld'))
  let holdToken = ''
  for (const email of kept) {
    const message = await renderBusy(email)
    if (!message || 'superseded' in message) throw new Error(`${email.kind} did not render`)
    expect([email.kind, (message.to as { address: string }).address]).toEqual([email.kind, addressOf[emailKinds[email.kind as EmailName].to]])
    if (email.kind === 'consultation-hold') holdToken = holdTokenIn(message)
    rendered.add(email.kind as EmailName)
  }
  await busy.http.post('/api/consultation/hold').send({ token: holdToken }).expect(200)
  const held = (await busy.store.emailsAbout('consultations', unheld!.id)).filter((email) => !kept.some((before) => before.id === email.id))
  expect(kindsOf(held)).toEqual(expected('held', 'timed'))
  for (const email of held) {
    const message = await renderBusy(email)
    if (!message || 'superseded' in message) throw new Error(`${email.kind} did not render`)
    expect([email.kind, (message.to as { address: string }).address]).toEqual([email.kind, addressOf[emailKinds[email.kind as EmailName].to]])
  }

  expect([...rendered].sort()).toEqual([...emailNames].sort())
})
