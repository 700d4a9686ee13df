import { expect, test } from 'vitest'
import { urls } from '../../contract/wire/urls'
import type { UiStrings } from '../../site/content/ui'
import { navScreenNames } from '../../site/admin/screenTable'
import { fixtureJson, fixtureUi } from '../fixtures/fixture'
import { afterOffer, checkedWidths, expectAccessible, expectNoErrors, openPage, siteForTests } from './harness'
import { adminNav, signIn } from './inboxSteps'

// The admin's bar at a phone's, a tablet's and a desktop's width: the site's name and every screen's link
// in sight, none cut at the edge.

const site = siteForTests({ now: () => afterOffer })
const { name: siteName } = fixtureJson<{ name: string }>('site.json')
const ui = fixtureUi<UiStrings>()

test('the admin bar shows the site and every screen, none off the edge, at 375, 768 and 1440 px', async () => {
  for (const viewport of [checkedWidths.phone, { width: 768, height: 1024 }, checkedWidths.wide]) {
    const t = await openPage(site, { clock: afterOffer, viewport })
    await signIn(t, `${urls.admin.meetings}/`)
    const banner = t.page.getByRole('banner')
    await expect.poll(() => banner.getByText(siteName, { exact: true }).isVisible()).toBe(true)
    const links = adminNav(t.page).getByRole('link')
    // Every screen the navigation lists for an owner (not Join and Reset, opened signed out from an email, nor the
    // person's own Sessions and Security, linked beside their name in the bar).
    expect(await links.count()).toBe(navScreenNames('owner').length)
    await banner.getByRole('link', { name: ui.adminShell.sessions }).waitFor()
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!
      expect(box.x, `${await link.textContent()} at ${viewport.width} px`).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${await link.textContent()} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width)
    }
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectAccessible(t.page)
    expectNoErrors(t)
    await t.page.context().close()
  }
})
