import type { SiteContent } from '../content'
import { urls } from '../urls'
import { SocialLinks } from './SocialLinks'

type FooterProps = { content: SiteContent }

function FooterLinks({ heading, links }: { heading: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{heading}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.href + link.label}>
            <a href={link.href} className="text-slate-300 hover:text-white">{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Footer({ content }: FooterProps) {
  const { site, ui, navigation, services } = content
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-xl font-bold text-white">{site.name}</p>
          <p className="mt-3 text-sm leading-6">{site.description}</p>
          <SocialLinks links={site.social} label={ui.footer.social} tone="onDark" className="mt-5" />
        </div>
        <FooterLinks heading={ui.footer.servicesHeading} links={services.map((service) => ({ label: service.title, href: urls.service(service.id) }))} />
        <FooterLinks heading={ui.footer.quickLinksHeading} links={navigation.quickLinks} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{ui.footer.contactHeading}</h2>
          <ul className="mt-4 space-y-3">
            <li><a href={`mailto:${site.email}`} className="hover:text-white">{site.email}</a></li>
            <li><a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">{site.phone}</a></li>
            <li>{site.address.locality}, {site.address.region}</li>
            {site.hours && <li>{site.hours}</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {site.copyrightYear} {site.name}. {ui.footer.rights}</p>
          <nav aria-label={ui.footer.legalHeading}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {navigation.legal.map((link) => (
                <li key={link.href}><a href={link.href} className="hover:text-white">{link.label}</a></li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
