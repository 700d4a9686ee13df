import type { LayoutData } from '../../renderer/Layout'
import type { SiteContent } from '../content'
import { urls } from '../../contract/urls'

/** The header, footer and site-wide widgets of every page, from content. */
export function layoutData(content: SiteContent): LayoutData {
  const { site, ui, navigation, services, closedDays, offer } = content
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
    },
    consultation: { labels: ui.consultation, closedDays },
    offer: { offer },
  }
}
