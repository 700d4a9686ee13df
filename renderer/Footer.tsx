import type { NavLink, Site } from '../site/content/schemas'
import type { UiStrings } from '../site/content/ui'
import { NewsletterSignup, type NewsletterSignupProps } from '../site/islands/NewsletterSignup'
import { SocialLinks } from '../site/components/SocialLinks'

export type FooterProps = {
  site: Pick<Site, 'name' | 'description' | 'social' | 'email' | 'phone' | 'address' | 'hours' | 'copyrightYear'>
  labels: UiStrings['footer']
  services: NavLink[]
  quickLinks: NavLink[]
  legal: NavLink[]
  newsletter: Pick<NewsletterSignupProps, 'title' | 'text' | 'form'>
}

function FooterLinks({ heading, links }: { heading: string; links: NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{heading}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.href + link.label}>
            <a href={link.href} className="text-on-dark-muted hover:text-white">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Footer({ site, labels, services, quickLinks, legal, newsletter }: FooterProps) {
  return (
    <footer className="bg-inverse text-on-dark-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-xl font-bold text-white">{site.name}</p>
          <p className="mt-3 text-sm leading-6">{site.description}</p>
          <SocialLinks links={site.social} label={labels.social} tone="onDark" className="mt-5" />
        </div>
        <FooterLinks heading={labels.servicesHeading} links={services} />
        <FooterLinks heading={labels.quickLinksHeading} links={quickLinks} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{labels.contactHeading}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a href={`mailto:${site.email}`} className="hover:text-white">
                {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">
                {site.phone}
              </a>
            </li>
            <li>
              {site.address.locality}, {site.address.region}
            </li>
            {site.hours && <li>{site.hours}</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <NewsletterSignup {...newsletter} variant="footer" hydrate="on-demand" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {site.copyrightYear} {site.name}. {labels.rights}
          </p>
          <nav aria-label={labels.legalHeading}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legal.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="hover:text-white">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
