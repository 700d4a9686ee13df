import { describe, expect, it } from 'vitest'
import { landingSource, normalSource, sourceLimits } from './source'
import { sourceGroup, sourceInWords } from './sourceWords'

describe('normalSource', () => {
  it('keeps paths, a host and the three campaign tags, normalised and capped; nothing else', () => {
    const source = normalSource({
      page: 'https://www.example.com/contact?email=ann@example.com#form',
      landing: '/service/website-design?utm_source=google',
      referrerHost: 'https://WWW.Google.com/search?q=web+design+dallas',
      utm_source: '  Newsletter\u200b ',
      utm_medium: 'email\n',
      utm_campaign: 'x'.repeat(500),
      // Not a part of a source: dropped.
      ...({ email: 'ann@example.com' } as object),
    })
    expect(source).toEqual({
      page: '/contact',
      landing: '/service/website-design',
      referrerHost: 'google.com',
      utm_source: 'Newsletter',
      utm_medium: 'email',
      utm_campaign: 'x'.repeat(sourceLimits.tag),
    })
  })

  it('drops what is not a path or a host, blanks, and a referrer that is the site itself', () => {
    expect(normalSource({ page: 42, landing: '', referrerHost: 'not a host', utm_campaign: ' \u0000 ' })).toEqual({})
    expect(normalSource({ page: '/a', referrerHost: 'www.bluebonnet.example' }, ['bluebonnet.example'])).toEqual({ page: '/a' })
    expect(normalSource(undefined)).toEqual({})
    expect(normalSource({ page: '/blog/', landing: '/' })).toEqual({ page: '/blog', landing: '/' })
  })
})

describe('landingSource', () => {
  it('reads the landing path, its campaign tags and a foreign referrer host', () => {
    expect(landingSource('https://site.example/blog/x?utm_campaign=spring&utm_source=newsletter&other=1', 'https://news.example.org/a')).toEqual({
      landing: '/blog/x',
      utm_campaign: 'spring',
      utm_source: 'newsletter',
      referrerHost: 'news.example.org',
    })
    expect(landingSource('https://site.example/about', 'https://site.example/')).toEqual({ landing: '/about' })
  })
})

describe('sourceGroup and sourceInWords', () => {
  const cases: Array<[Parameters<typeof sourceInWords>[0], string, string]> = [
    [{ referrerHost: 'google.com', landing: '/service/website-design' }, 'search', 'Google search → /service/website-design'],
    [{ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' }, 'email', "Newsletter campaign 'spring'"],
    [undefined, 'direct', 'Direct'],
    [{ page: '/contact' }, 'direct', 'Direct form on /contact'],
    [{ landing: '/blog/a', page: '/contact', referrerHost: 'm.facebook.com' }, 'social', 'Facebook → /blog/a, form on /contact'],
    [{ referrerHost: 'news.example.org', landing: '/' }, 'referral', 'news.example.org → /'],
    [{ referrerHost: 'mail.google.com' }, 'email', 'Email'],
    [{ utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'Launch week' }, 'social', "Linkedin campaign 'Launch week'"],
    [{ utm_source: 'google', utm_medium: 'cpc' }, 'search', 'Google'],
  ]
  it.each(cases)('%j is %s: %s', (source, group, words) => {
    expect(sourceGroup(source)).toBe(group)
    expect(sourceInWords(source)).toBe(words)
  })
})
