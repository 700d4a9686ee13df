import { siteContent } from '../../content/siteContent'
import { imageFor } from '../../content/imageFor'
import type { IslandProps } from '../../islands/registry'
import { portfolioProps, serviceCard } from '../cards'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { site, ui, services, testimonials, values, stats, analysis } = content
  const { email, phone, address, hours, social } = site
  return {
    ui: ui.home,
    heroImage: imageFor(content, '/images/home/hero.svg'),
    aboutImage: imageFor(content, '/images/home/about.svg'),
    services: services.map(serviceCard),
    portfolio: portfolioProps(content),
    testimonials,
    values,
    stats,
    analysisSteps: analysis.steps,
    contactDetails: { email, phone, address, hours, social },
    contactForm: { labels: ui.contactForm } satisfies IslandProps<'contact-form'>,
    map: { map: site.map } satisfies IslandProps<'map'>,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
