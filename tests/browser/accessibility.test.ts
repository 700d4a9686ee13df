import { describe, expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, openPage, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests()

/** One route per page type, and the not-found screens. */
const pageTypes: [string, string][] = [
  ['home', '/'],
  ['service', '/service/website-design/'],
  ['unknown service', '/service/no-such-service'],
  ['case study', '/case-study/shopeasy/'],
  ['unknown case study', '/case-study/no-such-case'],
  ['portfolio', '/portfolio/'],
  ['blog list', '/blog/'],
  ['article', '/blog/automation-workflows/'],
  ['privacy policy', '/privacy-policy/'],
  ['terms of service', '/terms-of-service/'],
  ['sitemap', '/sitemap/'],
  ['admin (signed out)', '/admin/newsletter/'],
  ['unknown route', '/no-such-page'],
]

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`at ${viewport} width`, () => {
    for (const [name, route] of pageTypes) {
      test(`${name}: no serious or critical axe violation, no console error`, async () => {
        const t = await openPage(site, { viewport, clock: afterOffer })
        // The admin API answers 401 until the admin signs in; the unknown routes answer 404 by design.
        if (route.startsWith('/admin')) t.expectError(/status of 401/)
        if (/no-such/.test(route)) t.expectError(/status of 404/)
        await t.goto(route)
        // Scroll through the page so that every island hydrates and every reveal runs: a painted frame at
        // each step, as an IntersectionObserver sees only the positions that are painted (seldom, on a busy machine).
        await t.page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo({ top: y, behavior: 'instant' })
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))
          }
        })
        // An island still waiting to be seen (the scroll passed it before it was watched) is brought into view.
        await expect
          .poll(() =>
            t.page.evaluate(() => {
              const waiting = document.querySelectorAll('[data-island]:not([data-hydrated]):not([data-hydrate="on-demand"])')
              waiting[0]?.firstElementChild?.scrollIntoView({ behavior: 'instant' })
              return waiting.length
            }),
          )
          .toBe(0)
        await expectAccessible(t.page)
        expectNoErrors(t)
      })
    }

    test('with the consultation dialog open on a service page', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/service/ai-agents/')
      await t.page.getByRole('link', { name: 'Schedule a Consultation' }).click()
      await t.page.getByRole('dialog', { name: 'Book Your Free Consultation' }).waitFor()
      await expectAccessible(t.page)
      expectNoErrors(t)
    })
  })
}
