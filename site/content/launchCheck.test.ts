import { describe, expect, it } from 'vitest'
import { isProductionUrl, isStrictBuild, placeholderLines } from './launchCheck'
import type { Site } from './schemas'

const fixture: Site = {
  name: 'Bluebonnet Digital',
  logoText: 'Bluebonnet',
  tagline: 'Digital growth',
  description: 'A Dallas agency.',
  url: 'https://www.bluebonnet-digital.example',
  lang: 'en-US',
  email: 'hello@example.com',
  phone: '(214) 555-0147',
  address: { locality: 'Dallas', region: 'TX', country: 'US' },
  social: [
    { label: 'On LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
    { label: 'On X', href: 'https://x.com/bluebonnet', icon: 'x' },
  ],
  map: { embedUrl: 'https://www.google.com/maps?q=Dallas', title: 'Map', loadLabel: 'Load map', notice: 'Google Maps' },
  copyrightYear: 2025,
  retentionMonths: 24,
  answerWithinHours: 24,
}

describe('placeholderLines', () => {
  it('prints one line per placeholder of the fixture site.json', () => {
    expect(placeholderLines(fixture)).toEqual([
      'content/site.json: email hello@example.com is a placeholder (example.com reaches no one)',
      'content/site.json: phone (214) 555-0147 is a placeholder (555-01xx numbers are fictional)',
      'content/site.json: url https://www.bluebonnet-digital.example is a placeholder',
      "content/site.json: social link https://www.linkedin.com/ (linkedin) is the network's home page, not the agency's profile",
    ])
  })

  it('prints nothing for real details', () => {
    const real = { ...fixture, url: 'https://bluebonnet.digital', email: 'hello@bluebonnet.digital', phone: '(214) 748-3647', social: [fixture.social![1]!] }
    expect(placeholderLines(real)).toEqual([])
  })
})

describe('isProductionUrl and isStrictBuild', () => {
  it.each([
    [undefined, false],
    ['http://localhost:8080', false],
    ['http://127.0.0.1:8080', false],
    ['https://example.com', false],
    ['https://www.bluebonnet-digital.example', false],
    ['https://bluebonnet.digital', true],
  ])('SITE_URL %s -> %s', (url, production) => {
    expect(isProductionUrl(url)).toBe(production)
  })

  it('is strict on CI=true or STRICT_CONTENT=1', () => {
    expect(isStrictBuild({ CI: 'true' })).toBe(true)
    expect(isStrictBuild({ STRICT_CONTENT: '1' })).toBe(true)
    expect(isStrictBuild({})).toBe(false)
  })
})
