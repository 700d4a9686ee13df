import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { api } from '../../contract/wire/api'
import { adminApi } from '../../contract/wire/adminApi'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import {
  adminPassword,
  afterOffer,
  checkedWidths,
  expectAccessible,
  expectNoErrors,
  hydrated,
  openPage,
  siteForTests,
  subscribe,
  type TestPage,
} from './harness'
import { postConsultations, rowOf } from './inboxSteps'

// axe on every admin screen, signed out and signed in, on a phone and on a large monitor: the lists,
// a record, the subscribers, the outbox, the meetings, and the questions the screens ask.

const site = siteForTests({ now: () => afterOffer })
const ui = fixtureUi<UiStrings>()

beforeAll(async () => {
  await postConsultations(site, ['Axe Test Bakery'])
  // One the spam rule suspects: sent a fifth of a second after its page loaded.
  await postConsultations(site, ['Axe Suspect Sellers'], { _elapsedMs: 200 })
  const message = await fetch(site.url + api.forms.contact.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Axe Tester',
      email: 'axe@example.com',
      phone: '214 555 0100',
      business: 'Axe Test Yoga',
      service: 'ai-agents',
      message: 'A site for our studio.',
    }),
  })
  expect(message.status).toBe(201)
  await subscribe(site, ['axe-reader@example.com'])
})

type Screen = { route: string; ready: (page: Page) => Promise<unknown>; open?: (page: Page) => Promise<unknown> }

/** Each screen, what shows it has loaded (not its loading text), and what to open on it before checking again. */
const screens: Record<string, Screen> = {
  'the overview, its chart and tables, with a custom range': {
    route: '/admin/?period=90days',
    ready: (page) => page.getByRole('heading', { name: ui.adminOverview.sourcesTitle }).waitFor(),
    open: async (page) => {
      await page.getByLabel(ui.adminOverview.periodLabel).selectOption('custom')
      await page.getByLabel(ui.adminOverview.from, { exact: true }).waitFor()
    },
  },
  'consultation requests, with the bulk delete question': {
    route: '/admin/consultations/',
    ready: (page) => rowOf(page, 'Axe Test Bakery').waitFor(),
    open: async (page) => {
      await page.getByRole('checkbox', { name: 'Select Axe Test Bakery' }).check()
      await page.getByRole('button', { name: ui.adminInbox.bulkDelete }).click()
      await page.getByRole('alertdialog', { name: ui.adminConsultations.bulkDeleteTitle }).waitFor()
    },
  },
  'the Spam view': { route: '/admin/consultations/?status=spam', ready: (page) => page.getByRole('heading', { name: ui.adminInbox.noMatchesTitle }).waitFor() },
  'a request, with the Resend question': {
    route: '/admin/consultations/?q=axe+test',
    ready: async (page) => {
      await rowOf(page, 'Axe Test Bakery').getByRole('link', { name: 'Axe Test Bakery' }).click()
      await page.getByRole('heading', { name: 'Request from Axe Test Bakery' }).waitFor()
    },
    open: async (page) => {
      await page.getByRole('button', { name: /^Resend “Your free consultation/ }).click()
      await page.getByRole('alertdialog', { name: ui.adminInbox.resendTitle }).waitFor()
    },
  },
  'a suspected request, with its Possible spam panel': {
    route: '/admin/consultations/?q=axe+suspect',
    ready: async (page) => {
      await rowOf(page, 'Axe Suspect Sellers').getByRole('link', { name: 'Axe Suspect Sellers' }).click()
      await page.getByRole('region', { name: ui.adminInbox.possibleSpam }).waitFor()
    },
  },
  'contact messages': { route: '/admin/messages/', ready: (page) => rowOf(page, 'Axe Test Yoga').waitFor() },
  'newsletter subscribers': { route: '/admin/newsletter/', ready: (page) => page.getByRole('cell', { name: 'axe-reader@example.com' }).waitFor() },
  outbox: { route: '/admin/outbox/', ready: (page) => page.getByRole('table', { name: ui.adminOutbox.tableLabel }).waitFor() },
  'upcoming meetings': {
    route: '/admin/meetings/',
    ready: (page) => page.getByRole('heading', { name: /meetings? in the next 14 days$/ }).waitFor(),
  },
  'past meetings': {
    route: '/admin/meetings/?view=past',
    ready: (page) => page.getByRole('heading', { name: /meetings? to mark$/ }).waitFor(),
  },
  'calendar feed': {
    route: '/admin/meetings/?view=feed',
    // No busy calendar is set for this site: the screen says so in a sentence.
    ready: (page) => page.getByRole('region', { name: ui.adminMeetings.busyTitle }).getByText(ui.adminMeetings.busyNone).waitFor(),
  },
}

async function signedIn(t: TestPage) {
  const response = await t.context.request.post(site.url + adminApi.signIn.path, { data: { password: adminPassword } })
  expect(response.status()).toBe(204)
}

for (const [name, viewport] of [
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const) {
  describe(`at ${name}: no serious or critical axe violation`, () => {
    test('signed out: the sign-in screen', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      t.expectError(/status of 401/)
      await t.goto('/admin/consultations/')
      await hydrated(t.page, 'admin')
      await t.page.getByLabel(ui.adminScreen.password).waitFor()
      await expectAccessible(t.page)
      expectNoErrors(t)
    })

    for (const [screen, { route, ready, open }] of Object.entries(screens)) {
      test(screen, async () => {
        const t = await openPage(site, { viewport, clock: afterOffer })
        await signedIn(t)
        await t.goto(route)
        await hydrated(t.page, 'admin')
        await ready(t.page)
        await expectAccessible(t.page)
        if (open) {
          await open(t.page)
          await expectAccessible(t.page)
        }
        expectNoErrors(t)
      })
    }
  })
}
