import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { urls } from '../../contract/wire/urls'
import { fixtureIds, fixtureJson } from '../fixtures/fixture'
import { distDir, readRoute, visibleText } from './dist'

// Every route is a real HTML file, readable in full without JavaScript. The site is built
// from tests/fixtures/content: its files say which pages there are, and it holds the facts named here.
const services = fixtureIds('services')
const cases = fixtureIds('case-studies')
const posts = fixtureIds('blog')
const testimonials = fixtureJson<unknown[]>('testimonials.json')

describe('the built site', () => {
  it('renders every home section as text', () => {
    const text = visibleText(readRoute('/'))
    for (const expected of [
      'Book a Free Consultation',
      'Explore Our Services',
      `Showing 1-3 of ${services.length} services`,
      'See Our Work',
      'All',
      'AI Agents',
      'Website Design',
      'App Design',
      'Automation',
      'View All Projects',
      '100+',
      '50%',
      '24/7',
      '250+',
      '10+',
      `Showing 1-3 of ${testimonials.length} testimonials`,
      'Start Your Project',
      'How Our Free Analysis Works',
      'Start Your Free Analysis',
      'Privacy Policy',
      'Terms of Service',
      '© 2025',
    ])
      expect(text, expected).toContain(expected)
    for (const anchor of ['home', 'services', 'portfolio', 'about', 'contact']) expect(readRoute('/')).toContain(`id="${anchor}"`)
  })

  it('renders every service page with its sections', () => {
    for (const id of services) {
      const text = visibleText(readRoute(urls.service(id)))
      for (const expected of ['Home', 'Services', 'Service Overview', 'Our Process', 'Benefits', 'Start Your Project', 'Schedule a Consultation']) {
        expect(text, `${id}: ${expected}`).toContain(expected)
      }
    }
  })

  it('renders every case study with challenge, solution, results, gallery and technologies', () => {
    for (const id of cases) {
      const text = visibleText(readRoute(urls.caseStudy(id)))
      for (const expected of ['The Challenge', 'Our Solution', 'Results', 'Project Gallery', 'Technologies', 'Start Your Project', 'View More Projects']) {
        expect(text, `${id}: ${expected}`).toContain(expected)
      }
      expect(text).toMatch(/\b([6-9]|1[0-4]) weeks\b/)
    }
  })

  it('lists every article on the blog, each a page with breadcrumbs and a consultation button', () => {
    const list = readRoute(urls.blog)
    for (const slug of posts) {
      expect(list).toContain(`href="${urls.post(slug)}"`)
      const text = visibleText(readRoute(urls.post(slug)))
      expect(text).toContain('Home')
      expect(text).toContain('Book a Free Consultation')
    }
    expect(visibleText(list).match(/Read Article/g)).toHaveLength(posts.length)
  })

  // In the fixture: the three newest articles name the next in a cycle, the others none.
  it('links the first three articles in a cycle', () => {
    const nextOf = (slug: string) => readRoute(urls.post(slug)).match(/href="\/blog\/([a-z-]+)"[^>]*>(?:(?!<\/a>)[\s\S])*Next article/)?.[1]
    expect(nextOf('website-design-trends')).toBe('automation-workflows')
    expect(nextOf('automation-workflows')).toBe('digital-marketing-roi')
    expect(nextOf('digital-marketing-roi')).toBe('website-design-trends')
    expect(readRoute(urls.post('free-business-analysis'))).not.toContain('Next article')
  })

  it('renders the legal pages with their dates and the firm contact details', () => {
    const privacy = visibleText(readRoute('/privacy-policy'))
    expect(privacy).toContain('Last updated May 25, 2025')
    expect(privacy).toContain('hello@example.com')
    expect(privacy).toContain('(214) 555-0147')
    const terms = visibleText(readRoute('/terms-of-service'))
    expect(terms).toContain('Texas')
    expect(terms).toContain('30 days')
    expect(readRoute('/privacy-policy').match(/<h2/g)!.length).toBeGreaterThanOrEqual(7)
  })

  it('renders the sitemap page from content, with every group', () => {
    const html = readRoute('/sitemap')
    for (const group of ['Main Pages', 'Services', 'Legal &amp; Info', 'Case Studies']) expect(html).toContain(group)
    for (const id of cases) expect(html).toContain(`href="${urls.caseStudy(id)}"`)
    for (const id of services) expect(html).toContain(`href="${urls.service(id)}"`)
  })

  it('renders the portfolio and the admin shell', () => {
    expect(visibleText(readRoute('/portfolio'))).toContain('Our Portfolio')
    expect(visibleText(readRoute('/admin/newsletter'))).toContain('Newsletter Subscribers')
  })

  it('writes the not-found screens a static host serves', () => {
    const generic = readRoute('/404.html')
    expect(visibleText(generic)).toContain('404 Page Not Found')
    expect(generic).toContain('data-not-found-variant="service"')
    const service = visibleText(readRoute(`${urls.notFound('service')}.html`))
    expect(service).toContain('Service Not Found')
    expect(service).toContain("The service you're looking for doesn't exist or has been moved.")
    expect(service).toContain('Return to Home')
    expect(visibleText(readRoute(`${urls.notFound('case-study')}.html`))).toContain('404 Page Not Found')
    expect(fs.existsSync(path.join(distDir, 'service', '404'))).toBe(false)
  })

  it('turns the legacy case-study ids into redirects', () => {
    // The fixture's case studies with a redirectFrom.
    for (const [from, to] of [
      ['smart-support-ai', 'smart-support'],
      ['ecommerce-redesign', 'shopeasy'],
    ] as const) {
      const html = readRoute(urls.caseStudy(from))
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${urls.caseStudy(to)}"`)
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${urls.caseStudy(to)}"`))
      expect(fs.readFileSync(path.join(distDir, '_redirects'), 'utf8')).toContain(`${urls.caseStudy(from)} ${urls.caseStudy(to)} 301`)
    }
  })
})
