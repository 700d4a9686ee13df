import { expect, test } from 'vitest'
import { afterOffer, expectNoErrors, openPage, scrollToIsland, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests()

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  test(`at ${viewport} width the map loads only when asked for`, async () => {
    const t = await openPage(site, { viewport, clock: afterOffer })
    const google: string[] = []
    t.page.on('request', (request) => request.url().includes('google.com') && google.push(request.url()))
    await t.goto('/')
    await scrollToIsland(t.page, 'map')
    expect(await t.page.locator('iframe').count()).toBe(0)
    expect(await t.page.getByText('The map is provided by Google Maps.', { exact: false }).isVisible()).toBe(true)
    await t.page.getByRole('button', { name: 'Load map' }).click()
    const frame = t.page.locator('iframe[title="Map of Dallas, TX"]')
    await frame.waitFor()
    expect(await frame.getAttribute('src')).toBe('https://www.google.com/maps?q=Dallas%2C%20TX&output=embed')
    await expect.poll(() => google.length).toBeGreaterThan(0)
    expect(await frame.evaluate((element) => element === document.activeElement)).toBe(true)
    expectNoErrors(t)
  })
}
