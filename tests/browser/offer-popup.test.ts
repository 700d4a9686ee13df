import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { duringOffer, expectAccessible, expectNoErrors, openPage, painted, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests({ now: () => duringOffer })

// scheduleOfferPopup has decided whether (and when) this page shows the offer.
const offerDecided = (page: Page) => page.locator('[data-island="offer-popup"][data-offer]').waitFor({ state: 'attached' })
const popup = (page: Page) => page.getByRole('dialog', { name: 'Free business analysis, plus a bonus' })

async function open(viewport: ViewportName, route = '/', clock = duringOffer) {
  const t = await openPage(site, { viewport, clock })
  await t.goto(route)
  await offerDecided(t.page)
  return t
}

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`limited-offer popup at ${viewport} width`, () => {
    test('appears 10,000 ms after load, once per browser session', async () => {
      const t = await open(viewport)
      await t.page.clock.pauseAt(new Date(duringOffer.getTime() + 9_800))
      expect(await popup(t.page).count()).toBe(0)
      await t.page.clock.runFor(300)
      await popup(t.page).waitFor()
      expect(await popup(t.page).innerText()).toContain('Book your free business analysis by June 30, 2025')
      // axe waits on timers of its own.
      await t.page.clock.resume()
      await expectAccessible(t.page)
      await popup(t.page).getByRole('button', { name: 'Close offer' }).click()
      await expect.poll(() => popup(t.page).count()).toBe(0)
      // Another page of the same session: no popup.
      await t.goto('/blog/')
      await offerDecided(t.page)
      await t.page.clock.fastForward(20_000)
      await t.page.waitForTimeout(200)
      expect(await popup(t.page).count()).toBe(0)
      expectNoErrors(t)
    })

    test('a click on the backdrop closes it', async () => {
      const t = await open(viewport, '/service/ai-agents/')
      await t.page.clock.fastForward(10_000)
      await popup(t.page).waitFor()
      await painted(t.page)
      await t.page.mouse.click(5, viewports[viewport].height - 5)
      await expect.poll(() => popup(t.page).count()).toBe(0)
      expectNoErrors(t)
    })

    test('Claim Now closes it and opens the consultation dialog', async () => {
      const t = await open(viewport, '/blog/')
      await t.page.clock.fastForward(10_000)
      await popup(t.page).getByRole('button', { name: 'Claim Now' }).click()
      const consultation = t.page.getByRole('dialog', { name: 'Book Your Free Consultation' })
      await consultation.waitFor()
      expect(await popup(t.page).count()).toBe(0)
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.id)).toBe('consultation-businessName')
      expectNoErrors(t)
    })

    test('waits while the consultation dialog is open', async () => {
      const t = await open(viewport)
      await t.page.locator('main [data-consultation]').first().click()
      // The dialog's code loads at the click: Escape means something once the dialog is on screen.
      await t.page.getByRole('dialog', { name: 'Book Your Free Consultation' }).waitFor()
      await painted(t.page)
      await t.page.clock.fastForward(12_000)
      await t.page.waitForTimeout(200)
      expect(await popup(t.page).count()).toBe(0)
      await t.page.keyboard.press('Escape')
      await popup(t.page).waitFor()
      expectNoErrors(t)
    })

    test('never shows after the offer has ended', async () => {
      const lastDay = await open(viewport, '/', new Date('2025-06-30T23:30:00-05:00'))
      await lastDay.page.clock.fastForward(10_000)
      await popup(lastDay.page).waitFor()
      const t = await open(viewport, '/', new Date('2025-07-01T00:00:01-05:00'))
      await t.page.clock.fastForward(30_000)
      await t.page.waitForTimeout(200)
      expect(await popup(t.page).count()).toBe(0)
      expectNoErrors(t)
    })
  })
}
