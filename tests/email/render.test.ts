import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { renderEmail } from '../../forms-service/email/render.js'
import { loadEmailTemplates, type EmailTemplates } from '../../contract/content/emails/templates.js'

let real: EmailTemplates

/** The tests' templates (tests/fixtures/content), with the acknowledgement's body replaced by `body`. */
function withBody(body: string, subject = 'Thanks, {{name}}'): EmailTemplates {
  const acknowledgement = { ...real.templates['contact-acknowledgement'], subject, body }
  return { ...real, templates: { ...real.templates, 'contact-acknowledgement': acknowledgement } }
}

const values = { name: 'Eve', business: 'Eve Bakery', service: 'Website Design' }
const hostile = '<script>alert(1)</script> **x** [a](http://evil) <img src=x onerror=alert(1)> &amp; # h'

beforeAll(async () => {
  real = await loadEmailTemplates(fixtureContentDir)
})

describe('renderEmail', () => {
  it('fills the subject, text and HTML from the values and the content', () => {
    const email = renderEmail(real, 'contact-acknowledgement', values)
    expect(email.subject).toBe(`We received your message: ${real.site.name}`)
    expect(email.text).toMatch(/^Hi Eve,\n\nThank you! We'll reach out within 24 hours\.\n/)
    expect(email.text).toContain(real.site.email)
    expect(email.text).not.toMatch(/\{\{|\*\*|<p>/)
    expect(email.html).toContain(`<p style="margin:0 0 16px">Thank you! We'll reach out within 24 hours.</p>`)
    expect(email.html).toMatch(
      new RegExp(`^<!doctype html><html lang="en-US"><head><meta charset="utf-8">.*<title>We received your message: ${real.site.name}</title>`),
    )
  })

  it('keeps a value as text: no Markdown, no HTML, no link, in the body or the subject', () => {
    const email = renderEmail(withBody('Hi **{{name}}**, [about]({{business}})\n\n- {{service}}'), 'contact-acknowledgement', { ...values, name: hostile })
    expect(email.html).toContain('<strong>&#x3C;script>alert(1)&#x3C;/script> **x** [a](http://evil) &#x3C;img src=x onerror=alert(1)> &#x26;amp; # h</strong>')
    expect(email.html).not.toMatch(/<script|<img|href="http:\/\/evil"|<strong>x/)
    expect(email.text.replace(/\s+/g, ' ')).toContain(`Hi ${hostile}, about`)
    expect(email.subject).toBe(`Thanks, ${hostile}`)
  })

  it('makes a link of a safe address only', () => {
    const body = '[Unsubscribe]({{business}}) or [write]({{service}})'
    const email = renderEmail(withBody(body), 'contact-acknowledgement', {
      ...values,
      business: 'https://example.com/u?a=1&b=2',
      service: 'javascript:alert(1)',
    })
    expect(email.html).toContain(
      '<a href="https://example.com/u?a=1&#x26;b=2" style="color:#1d4ed8;text-decoration:underline">Unsubscribe</a> or <a style="color:#1d4ed8;text-decoration:underline">write</a>',
    )
    expect(email.text).toBe('Unsubscribe <https://example.com/u?a=1&b=2> or write')
  })

  it('turns line breaks of a value into <br> and new lines, and out of the subject', () => {
    const email = renderEmail(withBody('Message:\n\n{{name}}', 'From {{name}}'), 'contact-acknowledgement', {
      ...values,
      name: 'Line one\r\nLine two\rBcc: x@example.com\u2028end',
    })
    expect(email.html).toContain('<p style="margin:0 0 16px">Line one<br>Line two<br>Bcc: x@example.com<br>end</p>')
    expect(email.text).toBe('Message:\n\nLine one\nLine two\nBcc: x@example.com\nend')
    expect(email.subject).toBe('From Line one Line two Bcc: x@example.com end')
  })

  it('drops control characters from values', () => {
    const email = renderEmail(withBody('{{name}}', '{{name}}'), 'contact-acknowledgement', { ...values, name: 'E\u0000v\u001be\u007f\tX' })
    expect(email.text).toBe('Eve X')
    expect(email.subject).toBe('Eve X')
  })

  it('fills a value that looks like a placeholder only once', () => {
    const email = renderEmail(real, 'contact-acknowledgement', { ...values, name: '{{site.email}}' })
    expect(email.text).toMatch(/^Hi \{\{site\.email\}\},/)
  })
})
