import { ArrowRight } from 'lucide-react'
import { Section, SectionHeading } from '../../components/Section'
import { Island } from '../../islands/Island'
import type { Data } from './+data'

export function ServicesSection({ data }: { data: Data }) {
  const { ui, services } = data
  return (
    <Section id="services" tone="muted" aria-labelledby="services-title">
      <SectionHeading id="services-title" eyebrow={ui.servicesEyebrow} title={ui.servicesTitle} text={ui.servicesText} />
      <div data-reveal className="mt-14">
        <Island
          name="services-carousel"
          hydrate="visible"
          props={{
            label: ui.servicesTitle,
            services,
            labels: { counter: ui.servicesCounter, previous: ui.previous, next: ui.next, goToPage: ui.goToPage, learnMore: ui.learnMore },
          }}
        />
      </div>
      <p className="mt-10 text-center">
        <a href="#portfolio" className="inline-flex items-center gap-2 font-semibold text-primary-strong hover:underline">
          {ui.seeOurWork}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </a>
      </p>
    </Section>
  )
}
