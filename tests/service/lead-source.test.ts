import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { loadEmailTemplates } from '../../contract/content/emails/templates.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { consultationNotification, contactNotification, type EmailContext } from '../../forms-service/email/messages.js'
import type { ConsultationRecord, ContactRecord } from '../../forms-service/store/records.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { testApp, validConsultation, validContact, adminHeader } from './helpers.js'

const metricsToken = 'a-metrics-token-of-32-characters-or-more'

/** What the widget sends: the visit's landing, referrer and campaign as the browser had them, not yet tidied. */
const fromGoogle = {
  page: '/contact',
  landing: '/service/website-design?utm_source=google#top',
  referrerHost: 'https://WWW.Google.com/search?q=dallas+web+design',
}

async function emailContext(): Promise<EmailContext> {
  return {
    templates: await loadEmailTemplates(fixtureContentDir),
    from: 'Bluebonnet Digital <no-reply@example.com>',
    notifyTo: 'leads@example.com',
    notifyCopy: true,
    siteUrl: 'https://www.example.com/',
    apiUrl: 'https://api.example.com',
    unsubscribeSecret: 'test secret, not used anywhere else',
    messageIdDomain: 'mail.example.com',
    holdMinutes: 60,
    place: (await loadBookingSettings(fixtureContentDir)).place,
  }
}

describe('where a lead comes from (both stores)', () => {
  it('keeps the source a widget sends on each kind of form, normalised, and shows it in words in the record, the CSV and the notification', async () => {
    const { http, store } = await testApp()
    const contact = (
      await http
        .post('/api/contact')
        .send({ ...validContact(), source: fromGoogle })
        .expect(201)
    ).body.id as string
    const consultation = (
      await http
        .post('/api/consultation')
        .send({ ...validConsultation(), source: { page: '/', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: ' spring ', landing: '/' } })
        .expect(201)
    ).body.id as string
    await http
      .post('/api/newsletter-subscription')
      .send({ email: 'reader@example.com', source: { page: '/blog/a', landing: '/blog/a', referrerHost: 'm.facebook.com' } })
      .expect(201)

    const storedContact = (await store.find('contacts', contact)) as ContactRecord
    expect(storedContact.source).toEqual({ page: '/contact', landing: '/service/website-design', referrerHost: 'google.com' })
    const storedConsultation = (await store.find('consultations', consultation)) as ConsultationRecord
    expect(storedConsultation.source).toEqual({ page: '/', landing: '/', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' })
    const [subscriber] = await store.subscribers()
    expect(subscriber!.source).toEqual({ page: '/blog/a', landing: '/blog/a', referrerHost: 'm.facebook.com' })

    // The record as the admin reads it, and the CSV's Source column.
    expect((await http.get(`/api/admin/messages/${contact}`).set(adminHeader).expect(200)).body.source).toEqual(storedContact.source)
    const rows = (csv: string) => Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true }).data
    const [message] = rows((await http.get('/api/admin/messages.csv').set(adminHeader).expect(200)).text)
    expect(message!.Source).toBe('Google search → /service/website-design, form on /contact')
    const [request] = rows((await http.get('/api/admin/consultations.csv').set(adminHeader).expect(200)).text)
    expect(request!.Source).toBe("Newsletter campaign 'spring' → /")

    // The agency's notification says it in the same words.
    const context = await emailContext()
    expect(contactNotification(storedContact, context).text).toContain('Came from: Google search → /service/website-design, form on /contact')
    expect(consultationNotification(storedConsultation, context).text).toContain("Came from: Newsletter campaign 'spring' → /")
  })

  it('without JavaScript keeps the hidden field of the page and the Referer header host; the site itself is no referrer', async () => {
    const { http, store } = await testApp()
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
    await http
      .post('/api/contact')
      .type('form')
      .set('Referer', 'https://news.example.org/roundup')
      .send(form({ ...validContact(), sourcePage: '/service/seo?utm_source=x' }))
      .expect(303)
    await http
      .post('/api/contact')
      .type('form')
      .set('Host', 'bluebonnet.example')
      .set('Referer', 'http://bluebonnet.example/about?x=1')
      .send(form(validContact({ email: 'second@example.com' })))
      .expect(303)
    const { items } = await store.list('contacts', { offset: 0, limit: 10 })
    const byEmail = new Map(items.map((record) => [record.email, record.source]))
    expect(byEmail.get('ann@bakery.example.com')).toEqual({ page: '/service/seo', referrerHost: 'news.example.org' })
    expect(byEmail.get('second@example.com')).toEqual({ page: '/about' })
  })

  it('never refuses a lead for its source: what cannot be kept is left out', async () => {
    const { http, store } = await testApp()
    const id = (
      await http
        .post('/api/contact')
        .send({ ...validContact(), source: { page: 'javascript:alert(1)', referrerHost: 'not a host', utm_campaign: 'x'.repeat(5000), cookie: 'abc' } })
        .expect(201)
    ).body.id as string
    expect(((await store.find('contacts', id)) as ContactRecord).source).toEqual({ utm_campaign: 'x'.repeat(100) })
    const plain = (
      await http
        .post('/api/contact')
        .send({ ...validContact({ email: 'b@example.com' }), source: 'nonsense' })
        .expect(201)
    ).body.id as string
    expect(((await store.find('contacts', plain)) as ContactRecord).source).toBeUndefined()
  })

  it('counts leads on /metrics by kind and source group, nothing personal', async () => {
    const { http } = await testApp({ metricsToken })
    await http
      .post('/api/contact')
      .send({ ...validContact(), source: fromGoogle })
      .expect(201)
    await http
      .post('/api/newsletter-subscription')
      .send({ email: 'a@example.com', source: { utm_medium: 'email', utm_campaign: 'spring' } })
      .expect(201)
    await http.post('/api/newsletter-subscription').send({ email: 'b@example.com' }).expect(201)
    const text = (await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200)).text
    const value = (labels: string) => Number(new RegExp(`^forms_leads_total\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1])
    expect(value('kind="contact",source="search"')).toBe(1)
    expect(value('kind="newsletter",source="email"')).toBe(1)
    expect(value('kind="newsletter",source="direct"')).toBe(1)
    expect(value('kind="consultation",source="social"')).toBe(0)
    // Fifteen bounded series, whatever the visitors sent: no host, page or campaign becomes a label.
    const series = text.split('\n').filter((line) => line.startsWith('forms_leads_total{'))
    expect(series).toHaveLength(15)
    for (const line of series)
      expect(line).toMatch(/^forms_leads_total\{kind="(consultation|contact|newsletter)",source="(search|social|email|referral|direct)"\} \d+$/)
  })

  it('counts a lead sent again (its Idempotency-Key, an address already subscribed) once', async () => {
    const { http } = await testApp({ metricsToken })
    for (let i = 0; i < 3; i++) {
      await http.post('/api/contact').set('Idempotency-Key', 'one-attempt-of-a-contact').send(validContact()).expect(201)
      await http.post('/api/newsletter-subscription').send({ email: 'again@example.com' }).expect(201)
    }
    const text = (await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200)).text
    const value = (labels: string) => Number(new RegExp(`^forms_leads_total\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1])
    expect(value('kind="contact",source="direct"')).toBe(1)
    expect(value('kind="newsletter",source="direct"')).toBe(1)
  })
})
