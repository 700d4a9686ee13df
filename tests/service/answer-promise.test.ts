import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadEmailTemplates } from '../../contract/content/emails/templates.js'
import { ContentError } from '../../contract/content/problems.js'
import { contactAcknowledgement } from '../../forms-service/email/messages.js'
import { renderField } from '../../forms-service/email/render.js'
import type { ContactRecord } from '../../forms-service/store/records.js'
import { loadContent } from '../../site/content/index.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { tempDir, testApp, validContact, adminHeader } from './helpers.js'

// content/site.json's answerWithinHours is the one figure behind the site's promise ("We'll reach out
// within {{site.answerWithinHours}} hours", on the page, after the contact form, in the acknowledgement)
// and the admin's overdue rule: an editor who changes it changes both.

async function contentWith(change: (site: Record<string, unknown>) => void): Promise<string> {
  const contentDir = path.join(tempDir(), 'content')
  await fs.cp(fixtureContentDir, contentDir, { recursive: true })
  const file = path.join(contentDir, 'site.json')
  const site = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
  change(site)
  await fs.writeFile(file, JSON.stringify(site, null, 2))
  return contentDir
}

const contact: ContactRecord = {
  id: 'c0ffee00-0000-4000-8000-000000000002',
  receivedAt: '2026-10-31T15:00:00.000Z',
  name: 'Bob Example',
  email: 'bob@example.com',
  phone: '214-555-0101',
  business: 'Bob Plumbing',
  service: 'automation',
}

async function promisedAndOverdue(contentDir: string) {
  const content = await loadContent(contentDir)
  const templates = await loadEmailTemplates(contentDir)
  const acknowledgement = contactAcknowledgement(contact, {
    templates,
    from: 'Fixture <no-reply@example.com>',
    notifyTo: 'leads@example.com',
    notifyCopy: true,
    siteUrl: 'https://www.example.com/',
    apiUrl: 'https://api.example.com',
    unsubscribeSecret: 'test secret, not used anywhere else',
    messageIdDomain: 'mail.example.com',
    holdMinutes: 60,
    place: { offer: ['phone'], phone: { label: 'Phone call' } },
  })

  // Saturday, October 31, 10:00 CDT; the clocks go back on Sunday, so elapsed hours and the wall clock differ by one.
  const clock = { now: new Date('2026-10-31T15:00:00Z') }
  const now = () => clock.now
  const { http } = await testApp({ contentDir }, { now }, { now })
  await http.post('/api/contact').send(validContact()).expect(201)
  const overdueAfter = async (hours: number) => {
    clock.now = new Date(Date.parse('2026-10-31T15:00:00Z') + hours * 3_600_000)
    const items = (await http.get('/api/admin/messages').set(adminHeader).expect(200)).body.items as Array<{ overdue: boolean }>
    const summary = (await http.get('/api/admin/summary').set(adminHeader).expect(200)).body.messages.overdue as number
    return { flagged: items.filter((item) => item.overdue).length, summary }
  }
  // The agency's digest says the same figure when no lead is overdue.
  const digestNone = renderField(templates, 'morning-digest', 'noOverdueLeads', {} as Parameters<typeof renderField<'morning-digest'>>[3])
  return {
    digestNone,
    page: content.ui.home.contactText,
    thanks: content.ui.contactForm.success,
    email: acknowledgement!.text,
    overdueAfter,
  }
}

describe('the promise to answer within answerWithinHours, and the overdue rule, from one figure', () => {
  it('moves together when an editor changes the figure', async () => {
    const fixture = await promisedAndOverdue(await contentWith(() => {}))
    expect(fixture.page).toContain('within 24 hours')
    expect(fixture.thanks).toBe("Thank you! We'll reach out within 24 hours.")
    expect(fixture.email).toContain("We'll reach out within 24 hours.")
    expect(fixture.digestNone).toContain('within 24 hours')
    expect(await fixture.overdueAfter(23.5)).toEqual({ flagged: 0, summary: 0 })
    expect(await fixture.overdueAfter(24)).toEqual({ flagged: 1, summary: 1 })

    const changed = await promisedAndOverdue(await contentWith((site) => (site.answerWithinHours = 48)))
    expect(changed.page).toContain('within 48 hours')
    expect(changed.thanks).toBe("Thank you! We'll reach out within 48 hours.")
    expect(changed.email).toContain("We'll reach out within 48 hours.")
    expect(changed.digestNone).toContain('within 48 hours')
    expect(`${changed.page} ${changed.thanks} ${changed.email}`).not.toMatch(/24 hours|\{\{/)
    // Monday 9:00 CST is 48 elapsed hours after Saturday 10:00 CDT (49 on the wall clock).
    expect(await changed.overdueAfter(24)).toEqual({ flagged: 0, summary: 0 })
    expect(await changed.overdueAfter(47.5)).toEqual({ flagged: 0, summary: 0 })
    expect(await changed.overdueAfter(48)).toEqual({ flagged: 1, summary: 1 })
  })

  it('is a content mistake when missing, and a misspelt placeholder in ui.json is named', async () => {
    const missing = await loadContent(await contentWith((site) => delete site.answerWithinHours)).catch((caught: unknown) => caught)
    expect(missing).toBeInstanceOf(ContentError)
    expect((missing as ContentError).problems.join('\n')).toContain('answerWithinHours')

    const contentDir = await contentWith(() => {})
    const file = path.join(contentDir, 'ui.json')
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace('{{site.answerWithinHours}}', '{{site.answerWithin}}'))
    const misspelt = await loadContent(contentDir).catch((caught: unknown) => caught)
    expect(misspelt).toBeInstanceOf(ContentError)
    expect((misspelt as ContentError).problems.join('\n')).toMatch(/ui\.json.*unknown token \{\{site\.answerWithin\}\}/)
  })
})
