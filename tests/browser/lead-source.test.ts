import { expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import type { MessageView } from '../../contract/wire/records'
import { afterOffer, hydrated, openPage, siteForTests, adminHeader } from './harness'
import { sendContactMessage } from './inboxSteps'

// Where a lead comes from, recorded by a real browser: the landing address's campaign tags and the
// referrer's host kept for the visit in sessionStorage, then sent with the form from another page; without
// JavaScript, the page the form was sent from; a new visit keeps nothing of the last.

const site = siteForTests({ now: () => afterOffer })

/** The source of the stored message from `email`, as the admin API answers it. */
async function sourceOf(email: string) {
  const response = await fetch(`${site.url}${adminApi.messages.list.path}?q=${encodeURIComponent(email)}`, {
    headers: adminHeader,
  })
  const { items } = (await response.json()) as { items: MessageView[] }
  expect(items).toHaveLength(1)
  return items[0]!.source
}

const landing = '/blog/automation-workflows?utm_source=newsletter&utm_medium=email&utm_campaign=spring&fbclid=abc'

test('a landing address with campaign tags and a referrer, a second page, then the contact form: the source is kept for the visit only', async () => {
  const t = await openPage(site, { clock: afterOffer })
  await t.page.goto(site.url + landing, { referer: 'https://news.example.org/weekly?issue=12' })
  await hydrated(t.page, 'header')
  // The second page: reached from the site itself, it starts no new visit.
  await sendContactMessage(t, { business: 'Spring Bakery', name: 'Sam Spring', email: 'sam@spring.example', message: 'Saw the newsletter.' })
  expect(await sourceOf('sam@spring.example')).toEqual({
    page: '/',
    landing: '/blog/automation-workflows',
    referrerHost: 'news.example.org',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'spring',
  })

  // A new visit (a new browser context: a new tab, another day) keeps nothing of the last one.
  const next = await openPage(site, { clock: afterOffer })
  await next.goto('/')
  expect(await next.page.evaluate(() => JSON.parse(sessionStorage.getItem('bb-visit-source') ?? 'null'))).toEqual({ landing: '/' })
  await sendContactMessage(next, { business: 'Plain Bakery', name: 'Pat Plain', email: 'pat@plain.example', message: 'Came straight here.' })
  expect(await sourceOf('pat@plain.example')).toEqual({ page: '/', landing: '/' })
})

test('without JavaScript the form sends the page it is on; the referrer of a form post is the site itself, so none is kept', async () => {
  const t = await openPage(site, { javaScript: false })
  await t.page.goto(`${site.url}/?utm_campaign=ignored`, { referer: 'https://www.google.com/' })
  const form = t.page.getByRole('form', { name: 'Contact form' })
  await form.getByLabel('Name', { exact: true }).fill('Nora Noscript')
  await form.getByLabel('Email').fill('nora@noscript.example')
  await form.getByLabel('Phone').fill('(214) 555-0199')
  await form.getByLabel('Business name').fill('Noscript Tacos')
  await form.getByLabel('Service').selectOption('website')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await t.page.waitForURL('**/thank-you/contact/')
  expect(await sourceOf('nora@noscript.example')).toEqual({ page: '/' })
})
