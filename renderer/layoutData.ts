import type { LayoutData } from './Layout'
import type { SiteContent } from '../site/content'
import { newsletterForm } from '../site/pages/newsletterForm'
import { urls } from '../contract/wire/urls'
import { placeChoices } from '../contract/booking/meetingPlace'

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
