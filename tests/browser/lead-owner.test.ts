import { describe, expect, test } from 'vitest'
import { urls } from '../../contract/wire/urls'
import { format } from '../../site/content/ui'
import { checkedWidths, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests } from './harness'
import { notice, rowOf } from './inboxSteps'
import { firstOwner, joined, owner, signInWith, ui } from './peopleSteps'

// Who answers a lead, at the desk against the real service: the owner and a member share the leads by round
// robin, the list names each lead's owner and filters "Mine", the record gives a lead to another person, and
// its history says who changed it.

const site = siteForTests()
const member = { name: 'Milo Member', email: 'milo@example.com', password: 'milo chooses a long one', role: 'member' } as const
const words = ui.adminInbox

/** A contact message from `business`, as the contact form sends it. */
async function message(business: string) {
  const response = await fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Pat Doe',
      business,
      email: `${business.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '214 555 0100',
      service: 'automation',
      message: 'Hello',
    }),
  })
  expect(response.status).toBe(201)
}

describe('the owner of a lead', () => {
  test('the list names each owner and "Mine" keeps a person’s own; a lead given to another says so, and its history says by whom', async () => {
    const ownerApi = await firstOwner(site)
    await joined(site, ownerApi, member)
    // Ana joined first: the first message is hers, the next Milo's.
    await message('Alamo Tacos')
    await message('Bluebonnet Bakery')

    const t = await openPage(site, { viewport: checkedWidths.wide })
    await signInWith(t, `${urls.admin.messages}/`, member)
    await expect.poll(() => rowOf(t.page, 'Alamo Tacos').getByRole('cell', { name: owner.name }).count()).toBe(1)
    expect(await rowOf(t.page, 'Bluebonnet Bakery').getByRole('cell', { name: member.name }).count()).toBe(1)

    await t.page.getByLabel(words.ownerFilter).selectOption({ label: words.ownerMine })
    await expect.poll(() => rowOf(t.page, 'Alamo Tacos').count()).toBe(0)
    expect(await rowOf(t.page, 'Bluebonnet Bakery').count()).toBe(1)
    expect(new URL(t.page.url()).searchParams.get('owner')).toEqual(expect.any(String))
    await expectAccessible(t.page)

    await t.page.getByLabel(words.ownerFilter).selectOption({ label: words.ownerEveryone })
    await rowOf(t.page, 'Alamo Tacos').getByRole('link').first().click()
    const ownerField = t.page.getByLabel(words.owner, { exact: true })
    await expect.poll(() => ownerField.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(owner.name)
    await ownerField.selectOption({ label: member.name })
    await t.page.getByRole('button', { name: words.ownerSave }).click()
    await notice(t.page, format(words.ownerChanged, { name: member.name })).waitFor()

    // Contacted, by Milo: the history says so.
    await t.page.getByRole('radio', { name: 'Contacted' }).check()
    await t.page.getByRole('button', { name: words.saveStatus }).click()
    await t.page
      .getByRole('listitem')
      .filter({ hasText: format(words.changedBy, { name: member.name }) })
      .waitFor()
    await expectAccessible(t.page)
    expectNoErrors(t)
  })

  test('at 375 px the record’s owner is chosen by keyboard, and the card names the owner', async () => {
    const t = await openPage(site, { viewport: checkedWidths.phone })
    await signInWith(t, `${urls.admin.messages}/`, member)
    await t.page.getByText(member.name).first().waitFor()
    await t.page
      .getByRole('link', { name: /Bluebonnet Bakery/ })
      .first()
      .click()
    await hydrated(t.page, 'admin')
    const ownerField = t.page.getByLabel(words.owner, { exact: true })
    await ownerField.focus()
    await t.page.keyboard.press('Tab')
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.textContent)).toBe(words.ownerSave)
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
})
