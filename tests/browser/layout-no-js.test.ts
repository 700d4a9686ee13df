import { expect, test } from 'vitest'
import { openPage, siteForTests } from './harness'

// Readable without JavaScript and at a wide screen: the header over every home section, the phone
// menu, and the legal text at a reading measure under its title.

const site = siteForTests()

const white = 'rgb(255, 255, 255)'

test('without JavaScript the home header is solid, with dark text, over every section', async () => {
  const t = await openPage(site, { javaScript: false })
  await t.goto('/')
  const header = t.page.locator('header').first()
  const sections = await t.page.locator('main > section, main > div > section').count()
  expect(sections).toBeGreaterThan(4)
  for (let index = 0; index < sections; index++) {
    await t.page.locator('main > section, main > div > section').nth(index).scrollIntoViewIfNeeded()
    const style = await header.evaluate((element) => {
      const css = getComputedStyle(element)
      return { background: css.backgroundColor, color: css.color }
    })
    expect(style.background).toBe(white)
    expect(style.color).not.toBe(white)
  }
})

test('with JavaScript the home header is still transparent at the top', async () => {
  const t = await openPage(site)
  await t.goto('/')
  await t.page.locator('[data-island="header"][data-hydrated]').waitFor({ state: 'attached' })
  await expect
    .poll(() =>
      t.page
        .locator('header')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    )
    .toBe('rgba(0, 0, 0, 0)')
})

test('without JavaScript the phone menu opens and lists the links', async () => {
  const t = await openPage(site, { javaScript: false, viewport: 'phone' })
  await t.goto('/')
  const menu = t.page.locator('#mobile-menu')
  expect(await menu.isVisible()).toBe(false)
  // A native disclosure: its summary reads "Open menu".
  const toggle = t.page.locator('header summary')
  expect(await toggle.textContent()).toBe('Open menu')
  await toggle.click()
  expect(await menu.isVisible()).toBe(true)
  expect(await menu.getByRole('link', { name: 'Services' }).isVisible()).toBe(true)
  expect(await menu.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true)
})

for (const route of ['/privacy-policy/', '/terms-of-service/']) {
  test(`${route} at 1440 px: the text starts under the title, at 60 to 75 characters a line`, async () => {
    const t = await openPage(site)
    await t.page.setViewportSize({ width: 1440, height: 900 })
    await t.goto(route)
    const title = await t.page.locator('h1').boundingBox()
    const paragraph = t.page.locator('main .prose p').first()
    const box = (await paragraph.boundingBox())!
    expect(Math.abs(box.x - title!.x)).toBeLessThanOrEqual(1)
    // The width of 60 and of 75 characters of running text in the paragraph's own font.
    const [sixty, seventyFive] = await paragraph.evaluate((element) =>
      [60, 75].map((length) => {
        const sample = document.createElement('span')
        sample.style.whiteSpace = 'nowrap'
        sample.textContent = 'the quick brown fox jumps over a lazy dog and then it runs back home '.repeat(2).slice(0, length)
        element.append(sample)
        const width = sample.getBoundingClientRect().width
        sample.remove()
        return width
      }),
    )
    expect(box.width).toBeGreaterThanOrEqual(sixty!)
    expect(box.width).toBeLessThanOrEqual(seventyFive!)
  })
}
