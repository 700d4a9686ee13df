import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { Section, SectionHeading } from '../../components/Section'
import { SocialLinks } from '../../components/SocialLinks'
import { Island } from '../../islands/Island'
import type { Data } from './+data'

export function ContactSection({ data }: { data: Data }) {
  const { ui, contactDetails: site, contactForm, map } = data
  const details = [
    { icon: Mail, label: ui.emailLabel, value: site.email, href: `mailto:${site.email}` },
    { icon: Phone, label: ui.phoneLabel, value: site.phone, href: `tel:${site.phone.replace(/[^\d+]/g, '')}` },
    { icon: MapPin, label: ui.locationLabel, value: `${site.address.locality}, ${site.address.region}` },
    ...(site.hours ? [{ icon: Clock, label: ui.hoursLabel, value: site.hours }] : []),
  ]
  return (
    <Section id="contact" aria-labelledby="contact-title">
      <SectionHeading id="contact-title" eyebrow={ui.contactEyebrow} title={ui.contactTitle} text={ui.contactText} />
      <div className="mt-14 grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <Island name="contact-form" hydrate="visible" props={contactForm} />
        </div>
        <div className="space-y-8 lg:col-span-2">
          <div className="rounded-2xl bg-muted p-8">
            <h3 className="text-xl font-semibold">{ui.contactDetailsTitle}</h3>
            <dl className="mt-6 space-y-5">
              {details.map(({ icon: DetailIcon, label, value, href }) => (
                <div key={label} className="relative pl-9">
                  <dt className="text-sm font-medium text-subtle">
                    <DetailIcon aria-hidden="true" className="absolute left-0 top-1 h-5 w-5 text-primary" />
                    {label}
                  </dt>
                  <dd className="font-medium text-foreground">
                    {href ? (
                      <a href={href} className="hover:text-primary-strong hover:underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-8 text-sm font-semibold uppercase tracking-wider text-subtle">{ui.followUs}</h3>
            <SocialLinks links={site.social} tone="onLight" className="mt-3" />
          </div>
          <Island name="map" hydrate="visible" props={map} />
        </div>
      </div>
    </Section>
  )
}
