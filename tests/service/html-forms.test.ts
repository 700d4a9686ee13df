import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { calendarLinkPlaceholders, offeredDatesMarker } from '../../contract/wire/meetingPages.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { freshStore, silentLogger, tempDir, testApp, testServiceOptions, validConsultation, validContact, adminHeader, midMinute } from './helpers.js'
import { dallasClock, dallasDate, dayName } from '../usTime.js'

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const urlencoded = 'application/x-www-form-urlencoded'

describe('HTML forms (urlencoded, no JavaScript)', () => {
  it('stores a valid form and answers 303 to the thank-you page of the site, on this origin or the configured one', async () => {
    const { http, store } = await testApp()
    const res = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form(validContact({ _gotcha: '' })))
      .expect(303)
    expect(res.headers.location).toBe('/thank-you/contact/')
    expect((await store.list('contacts', { offset: 0, limit: 10 })).items).toMatchObject([validContact()])
    const elsewhere = await testApp({ siteUrl: 'https://www.example.com' })
    const subscribed = await elsewhere.http.post('/api/newsletter-subscription').set('Content-Type', urlencoded).send('email=reader%40example.com').expect(303)
    expect(subscribed.headers.location).toBe('https://www.example.com/thank-you/newsletter/')
    const booked = await elsewhere.http.post('/api/consultation').set('Content-Type', urlencoded).send(form(validConsultation())).expect(303)
    expect(booked.headers.location).toMatch(/^https:\/\/www\.example\.com\/thank-you\/consultation\/\?booking=[^&]+$/)
    expect((await elsewhere.store.list('consultations', { offset: 0, limit: 10 })).total).toBe(1)
  })

  it("sends a booked consultation to a thank-you page that shows the meeting's exact time, with nothing personal in its address", async () => {
    const siteDir = tempDir()
    await mkdir(path.join(siteDir, 'thank-you', 'consultation'), { recursive: true })
    const page = '<!doctype html><title>Thank you</title><main><h1>Thank you!</h1><p class="recap"><!--meeting-time--></p></main>'
    await writeFile(path.join(siteDir, 'thank-you', 'consultation', 'index.html'), page)
    const { http, store } = await testApp({ siteDir })
    const request = validConsultation({ timeSlot: 'afternoon' })
    const res = await http.post('/api/consultation').set('Content-Type', urlencoded).send(form(request)).expect(303)
    const sentTo = String(res.headers.location)
    const location = new URL(sentTo, 'http://localhost')
    expect(location.pathname).toBe('/thank-you/consultation/')
    expect([...location.searchParams.keys()]).toEqual(['booking'])
    for (const value of [request.email, request.contactName, request.phone, request.businessName]) {
      expect(decodeURIComponent(sentTo)).not.toContain(value)
    }
    const [record] = (await store.list('consultations', { offset: 0, limit: 10 })).items
    const start = record!.meeting!.start
    // The afternoon's first start, 1:00 PM in Dallas, for 30 minutes, written as the dialog's recap writes it.
    expect(dallasClock(start)).toBe('13:00')
    const when = `${dayName(dallasDate(start))} · 1:00–1:30 PM Central time (Dallas)`

    const thanks = await http.get(`${location.pathname}${location.search}`).expect(200)
    expect(thanks.headers['content-type']).toMatch(/^text\/html/)
    expect(thanks.headers['cache-control']).toBe('no-store')
    expect(thanks.text).toBe(page.replace('<!--meeting-time-->', `<time datetime="${record!.meeting!.start}">${when}</time>`))

    // Without a reference, or with one the service did not sign (altered, another request's id), the page as built.
    const reference = location.searchParams.get('booking')!
    const [id, mac] = reference.split('.') as [string, string]
    for (const bad of ['', 'nonsense', `${id}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`, `00000000-0000-4000-8000-000000000000.${mac}`]) {
      const plain = await http.get('/thank-you/consultation/').query({ booking: bad }).expect(200)
      expect(plain.text).toBe(page)
    }
    expect((await http.get('/thank-you/consultation/').expect(200)).text).toBe(page)
  })

  it("writes the booked meeting's Add to calendar addresses into the thank-you page's links", async () => {
    const siteDir = tempDir()
    await mkdir(path.join(siteDir, 'thank-you', 'consultation'), { recursive: true })
    const links = Object.values(calendarLinkPlaceholders).map((href) => `<a href="${href}">`)
    const page = `<!doctype html><title>Thank you</title><main><p><!--meeting-time--></p><div>${links.join('')}</div></main>`
    await writeFile(path.join(siteDir, 'thank-you', 'consultation', 'index.html'), page)
    const { http, store } = await testApp({ siteDir })
    const res = await http
      .post('/api/consultation')
      .set('Content-Type', urlencoded)
      .send(form(validConsultation({ timeSlot: 'morning' })))
      .expect(303)
    const location = new URL(String(res.headers.location), 'http://localhost')
    const [record] = (await store.list('consultations', { offset: 0, limit: 10 })).items
    const { start, end } = record!.meeting!
    const thanks = (await http.get(`${location.pathname}${location.search}`).expect(200)).text
    const hrefs = [...thanks.matchAll(/<a href="([^"]*)">/g)].map((match) => match[1]!.replaceAll('&#38;', '&'))
    expect(hrefs).toHaveLength(3)
    const compact = (instant: string) => instant.replace(/[-:]/g, '').replace('.000', '')
    const google = new URL(hrefs[0]!)
    expect(google.searchParams.get('dates')).toBe(`${compact(start)}/${compact(end)}`)
    // The entry's title is the dialog's (ui.json's calendarTitle with the site's name).
    expect(google.searchParams.get('text')).toBe('Free consultation with Bluebonnet Digital')
    expect(new URL(hrefs[1]!).searchParams.get('startdt')).toBe(start)
    expect(hrefs[2]).toMatch(/^data:text\/calendar;charset=utf-8,/)
    const ics = new ICAL.Event(new ICAL.Component(ICAL.parse(decodeURIComponent(hrefs[2]!.split(',')[1]!))).getFirstSubcomponent('vevent')!)
    expect([ics.startDate.toJSDate().toISOString(), ics.endDate.toJSDate().toISOString()]).toEqual([start, end])
    // Without a booking the links keep their placeholders (the page hides them).
    expect((await http.get('/thank-you/consultation/').expect(200)).text).toBe(page)
  })

  it('bounds the date input of /consultation/ by the days a visitor may book today, across the change to daylight time', async () => {
    const siteDir = tempDir()
    await mkdir(path.join(siteDir, 'consultation'), { recursive: true })
    const page = `<!doctype html><title>Book</title><main><input type="date" ${offeredDatesMarker} name="date"></main>`
    await writeFile(path.join(siteDir, 'consultation', 'index.html'), page)
    // Friday, March 12, 2027, 11:30 PM in Dallas (standard time): 'today' is still the 12th there, though UTC has
    // moved to the 13th; daylight time begins on the 14th. Tomorrow is Saturday: the first day is Monday the 15th.
    let now = new Date('2027-03-13T05:30:00Z')
    const { http } = await testApp({ siteDir }, { now: () => now, closedDays: [] })
    const bounded = await http.get('/consultation/').expect(200)
    expect(bounded.headers['cache-control']).toBe('no-cache')
    expect(bounded.text).toBe(page.replace(offeredDatesMarker, 'min="2027-03-15" max="2027-03-26"'))
    // An hour later it is Saturday in Dallas: today + 14 is Saturday the 27th, so the last day is Friday the 26th still.
    now = new Date('2027-03-13T06:30:00Z')
    expect((await http.get('/consultation').expect(200)).text).toBe(page.replace(offeredDatesMarker, 'min="2027-03-15" max="2027-03-26"'))
    // The Monday after: Tuesday to Monday two weeks on.
    now = new Date('2027-03-15T15:00:00Z')
    expect((await http.get('/consultation/').expect(200)).text).toBe(page.replace(offeredDatesMarker, 'min="2027-03-16" max="2027-03-29"'))
  })

  it('answers an invalid form with the error page of the built site, listing the form messages, and stores nothing', async () => {
    const siteDir = tempDir()
    await mkdir(path.join(siteDir, 'forms', 'error'), { recursive: true })
    await writeFile(
      path.join(siteDir, 'forms', 'error', 'index.html'),
      '<!doctype html><title>Problem</title><main><div id="error-summary"><!--form-errors--></div></main>',
    )
    const { http, store } = await testApp({ siteDir })
    const res = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form(validContact({ name: '', email: 'not-an-email', phone: '12', service: '' })))
      .expect(400)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.text).toBe(
      '<!doctype html><title>Problem</title><main><div id="error-summary"><ul><li>Name is required</li><li>Email is invalid</li><li>Please enter a valid phone number</li><li>Please select a service</li></ul></div></main>',
    )
    // What the visitor typed is in no URL, and nothing is stored.
    expect(res.headers.location).toBeUndefined()
    expect((await store.list('contacts', { offset: 0, limit: 10 })).total).toBe(0)
  })

  it("compresses an HTML form's error page for a slow phone, and leaves a JSON answer as it is", async () => {
    const siteDir = tempDir()
    await mkdir(path.join(siteDir, 'forms', 'error'), { recursive: true })
    const filler = '<p>Our pages say more than a line.</p>'.repeat(100)
    await writeFile(path.join(siteDir, 'forms', 'error', 'index.html'), `<!doctype html><title>Problem</title><main><!--form-errors-->${filler}</main>`)
    const { http } = await testApp({ siteDir })
    const page = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .set('Accept-Encoding', 'gzip')
      .send(form(validContact({ name: '' })))
      .expect(400)
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.text).toContain('Name is required')
    const answer = await http
      .post('/api/contact')
      .set('Accept-Encoding', 'gzip')
      .send(validContact({ name: '' }))
      .expect(400)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.body.fields.name).toBe('Name is required')
  })

  it('escapes what it lists, and without a built site still answers a page', async () => {
    const { http } = await testApp({ siteDir: null })
    const res = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form({ ...validContact(), '<script>x</script>': 'v' }))
      .expect(400)
    expect(res.text).toContain('<li>Unknown field</li>')
    expect(res.text).not.toContain('<script>')
    expect(res.text).toMatch(/^<!doctype html>/)
  })

  it('applies the honeypot and the rate limit as for JSON', async () => {
    const { http, store } = await testApp({ rateLimitPerMinute: 2 }, { now: midMinute().now })
    const trap = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form(validContact({ _gotcha: 'bot' })))
      .expect(303)
    expect(trap.headers.location).toBe('/thank-you/contact/')
    expect((await store.list('contacts', { offset: 0, limit: 10 })).total).toBe(0)
    await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form(validContact({ email: 'two@example.com' })))
      .expect(303)
    const limited = await http
      .post('/api/contact')
      .set('Content-Type', urlencoded)
      .send(form(validContact({ email: 'three@example.com' })))
      .expect(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.text).toContain('<li>Too many requests, please try again later</li>')
  })

  it('refuses repeated fields, bad percent-encoding, other charsets and oversized bodies', async () => {
    const { http, store } = await testApp()
    const post = (body: string, type = urlencoded) => http.post('/api/contact').set('Content-Type', type).send(body)
    expect((await post(`${form(validContact())}&name=Other`)).status).toBe(400)
    expect((await post(`${form(validContact())}&name=Other`)).text).toContain('The field name was sent more than once')
    expect((await post(form(validContact()).replace('Hello', '%E0%A4%A'))).status).toBe(400)
    expect((await post(form(validContact()), `${urlencoded}; charset=iso-8859-1`)).status).toBe(415)
    expect((await post(`${form(validContact())}&message=${'x'.repeat(101 * 1024)}`)).status).toBe(413)
    expect((await post('name[first]=Ann&email=a%40b.co')).status).toBe(400)
    expect((await store.list('contacts', { offset: 0, limit: 10 })).total).toBe(0)
  })
})

describe('bytes that are not UTF-8', () => {
  const running: RunningService[] = []
  afterEach(async () => {
    for (const service of running.splice(0)) await service.close()
  })

  it('are refused with 400, in JSON and in a form, instead of being replaced', async () => {
    const service = await startService({ ...testServiceOptions, ...(await freshStore()) }, { logger: silentLogger })
    running.push(service)
    const send = (body: Buffer, type: string) =>
      fetch(`${service.url}/api/newsletter-subscription`, { method: 'POST', headers: { 'Content-Type': type }, body: new Blob([new Uint8Array(body)]) })
    const json = await send(Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('@example.com"}')]), 'application/json')
    expect(json.status).toBe(400)
    expect(await json.json()).toEqual({ error: 'The body is not valid UTF-8' })
    const html = await send(Buffer.from('email=a%FF%FE%40example.com'), urlencoded)
    expect(html.status).toBe(400)
    expect(await html.text()).toContain('The body is not valid UTF-8 URL encoding')
  })
})

describe('submission keys (idempotency)', () => {
  it('answers the same key again with the first answer and stores nothing new, also for concurrent duplicates', async () => {
    const { http, store } = await testApp()
    const send = (key: string, body = validContact()) => http.post('/api/contact').set('Idempotency-Key', key).send(body)
    const first = await send('attempt-0001').expect(201)
    expect((await send('attempt-0001').expect(201)).body).toEqual(first.body)
    const other = await send('attempt-0002').expect(201)
    expect(other.body.id).not.toBe(first.body.id)
    const together = await Promise.all(Array.from({ length: 5 }, () => send('attempt-0003')))
    expect(new Set(together.map((res) => res.body.id)).size).toBe(1)
    expect((await store.list('contacts', { offset: 0, limit: 50 })).total).toBe(3)
    // A key is per form: the same key on another form is another submission.
    await http.post('/api/consultation').set('Idempotency-Key', 'attempt-0001').send(validConsultation()).expect(201)
    expect((await store.list('consultations', { offset: 0, limit: 50 })).total).toBe(1)
    await http.post('/api/contact').set('Idempotency-Key', 'bad key with spaces').send(validContact()).expect(400)
  })

  it('binds a key to its body and its client: another body is 422, another client another submission', async () => {
    const { http, store } = await testApp({ trustProxy: 1 })
    const send = (body: Record<string, unknown>, client = '203.0.113.1') =>
      http.post('/api/contact').set('Idempotency-Key', 'attempt-0001').set('X-Forwarded-For', client).send(body)
    const first = await send(validContact()).expect(201)
    // The same key with an edited message (or any other field) would otherwise drop the new text unseen.
    for (const changed of [{ message: 'edited after the first send' }, { email: 'other@example.com' }, { message: undefined }]) {
      const res = await send(validContact(changed))
      expect([res.status, res.body]).toEqual([422, { error: 'This Idempotency-Key was used for a different submission: send this one with a new key' }])
    }
    // Surrounding blanks are not a different body: the stored fields are compared, as the service keeps them.
    expect((await send(validContact({ name: '  Ann Lee ' })).expect(201)).body).toEqual(first.body)
    // Another client's key is its own, even when it is the same text: it neither gets nor learns the first id.
    const other = await send(validContact(), '198.51.100.7').expect(201)
    expect(other.body.id).not.toBe(first.body.id)
    expect((await store.list('contacts', { offset: 0, limit: 50 })).total).toBe(2)
  })

  it('keys an HTML form by its _key field, or by the client and the body when it has none', async () => {
    const { http, store } = await testApp()
    const post = (fields: Record<string, string>) => http.post('/api/contact').set('Content-Type', urlencoded).send(form(fields))
    await post({ ...validContact(), _key: 'form-attempt-1' }).expect(303)
    await post({ ...validContact(), _key: 'form-attempt-1' }).expect(303)
    expect((await store.list('contacts', { offset: 0, limit: 50 })).total).toBe(1)
    await post(validContact({ email: 'nokey@example.com' })).expect(303)
    await post(validContact({ email: 'nokey@example.com' })).expect(303)
    expect((await store.list('contacts', { offset: 0, limit: 50 })).total).toBe(2)
    await post(validContact({ email: 'nokey@example.com', message: 'A different message' })).expect(303)
    expect((await store.list('contacts', { offset: 0, limit: 50 })).total).toBe(3)
  })

  it('remembers keys across a restart', async () => {
    const where = await freshStore()
    const start = () => startService({ ...testServiceOptions, ...where }, { logger: silentLogger })
    const send = (url: string) =>
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'survives-restart' },
        body: JSON.stringify(validContact()),
      }).then((res) => res.json())
    const first = await start()
    const answer = await send(first.url)
    await first.close()
    const second = await start()
    try {
      expect(await send(second.url)).toEqual(answer)
      const list = await fetch(`${second.url}/api/admin/messages`, { headers: adminHeader }).then((res) => res.json())
      expect(list.total).toBe(1)
      expect(list.items[0]).not.toHaveProperty('submissionKey')
    } finally {
      await second.close()
    }
  })
})
