import type { LayoutData } from '../../renderer/Layout'
import type { SiteContent } from '../content'
import type { IslandProps } from '../islands/registry'
import { urls } from '../../contract/urls'
import { placeChoices } from '../../contract/meetingPlace'

/** The newsletter form's words, the same on the blog, at the end of an article and in the footer. */
export function newsletterForm(ui: SiteContent['ui']): IslandProps<'newsletter'> {
  const { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing } = ui.blog
  return { labels: { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing, ...ui.newsletter } }
}

/** The header, footer and site-wide widgets of every page, from content. */
export function layoutData(content: SiteContent): LayoutData {
  const { site, ui, navigation, services, closedDays, offer, booking } = content
  const { name, description, social, email, phone, address, hours, copyrightYear } = site
  return {
    skipToContent: ui.header.skipToContent,
    header: { logoText: site.logoText, links: navigation.main, labels: ui.header },
    footer: {
      site: { name, description, social, email, phone, address, hours, copyrightYear },
      labels: ui.footer,
      services: services.map((service) => ({ label: service.title, href: urls.service(service.id) })),
      quickLinks: navigation.quickLinks,
      legal: navigation.legal,
      newsletter: { title: ui.footer.newsletterTitle, text: ui.footer.newsletterText, form: newsletterForm(ui) },
    },
    consultation: { labels: ui.consultation, closedDays, siteName: name, places: placeChoices(booking.place) },
    offer: { offer },
  }
}
