import { describe, expect, it } from 'vitest'
import { api } from '../../contract/wire/api'
import { meetingTokenMarker } from '../../contract/wire/meetingPages'
import { urls } from '../../contract/wire/urls'
import { distDir, readRoute } from '../site/dist'
import { testApp } from './helpers.js'

// The cancel and reschedule pages without JavaScript: the built page (the fixture site, tests/globalSetup.ts)
// has a form posting to the service, and the service serving it for a link puts the link's token in it.

/** The page's form for readers without JavaScript (inside its <noscript>). */
const noScriptForm = (html: string) => /<noscript><form([^>]*)>([\s\S]*?)<\/form>/.exec(html.slice(html.indexOf('<body')))

describe.each([
  ['cancel', urls.meetingCancel],
  ['reschedule', urls.meetingReschedule],
] as const)('the %s page', (action, page) => {
  it('is built with a form that posts to the service and the marker where the token goes', () => {
    const form = noScriptForm(readRoute(page))
    expect(form?.[1]).toContain(`action="${api.meetings[action].path}"`)
    expect(form?.[1]).toContain('method="post"')
    expect(form?.[2]).toContain(meetingTokenMarker)
  })

  it('served for a link, carries its token in that form, escaped, and is not cached', async () => {
    const { http } = await testApp({ siteDir: distDir })
    const token = 'v1.abc-DEF_123"><script>alert(1)</script>'
    for (const path of [`${page}/`, page]) {
      const answer = await http.get(path).query({ token }).expect(200)
      expect(answer.headers['content-type']).toMatch(/text\/html/)
      expect(answer.headers['cache-control']).toBe('no-store')
      const form = noScriptForm(answer.text)
      expect(form?.[2]).toContain('<input type="hidden" name="token" value="v1.abc-DEF_123&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">')
      expect(answer.text).not.toContain(meetingTokenMarker)
      expect(answer.text).not.toContain('<script>alert(1)')
    }
  })

  it('without a token, or with one longer than any the service signs, is the built page as it is', async () => {
    const { http } = await testApp({ siteDir: distDir })
    for (const query of [{}, { token: '' }, { token: 'x'.repeat(501) }]) {
      const answer = await http.get(`${page}/`).query(query).expect(200)
      expect(answer.text).toContain(meetingTokenMarker)
      expect(answer.text).not.toContain('name="token"')
    }
  })
})
