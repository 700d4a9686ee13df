import { Check } from 'lucide-react'
import { CaseCard } from '../../../components/CaseCard'
import { ConsultationButton } from '../../../components/ConsultationButton'
import { CtaBand } from '../../../components/CtaBand'
import { Icon } from '../../../components/Icon'
import { PageHero } from '../../../components/PageHero'
import { Picture } from '../../../components/Picture'
import { Prose } from '../../../components/Prose'
import { Section, SectionHeading } from '../../../components/Section'
import { TestimonialCard } from '../../../components/TestimonialCard'
import { format } from '../../../content/ui'
import { cn } from '../../../ui/cn'
import { urls } from '../../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { service, ui, breadcrumbUi, heroImage, featureImages, cases } = data
  return (
    <>
      <PageHero
        title={service.title}
        background={heroImage}
        breadcrumb={{
          label: breadcrumbUi.label,
          crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.breadcrumbServices, href: '/#services' }, { label: service.title }],
        }}
        eyebrow={
          <span className="grid h-14 w-14 place-items-center rounded-2xl bg-white/10 text-accent ring-1 ring-white/20">
            <Icon name={service.icon} className="h-7 w-7" />
          </span>
        }
      >
        <p className="mt-5 max-w-2xl text-lg leading-8 text-on-dark sm:text-xl">{service.shortDescription}</p>
        <ConsultationButton variant="accent" size="lg" className="mt-8" data-service={service.consultationService}>
          {ui.startYourProject}
        </ConsultationButton>
      </PageHero>

      <Section aria-labelledby="overview-title">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="overview-title" title={ui.overviewTitle} align="start" />
            <Prose html={service.overviewHtml} className="mt-6 prose-lg" />
          </div>
          <ul className="grid gap-5 self-start sm:grid-cols-2">
            {service.keyPoints.map((point) => (
              <li key={point.title} data-reveal className="rounded-2xl border border-border bg-muted p-6">
                <Check aria-hidden="true" className="h-6 w-6 text-primary" />
                <h3 className="mt-3 font-semibold">{point.title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{point.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="process-title">
        <SectionHeading id="process-title" title={ui.processTitle} text={ui.processText} />
        <ol className="mt-16 space-y-20">
          {service.features.map((feature, index) => (
            <li key={feature.title} data-reveal className="grid items-center gap-10 lg:grid-cols-2">
              <Picture
                image={featureImages[index]!}
                alt={feature.imageAlt}
                sizes="(min-width: 1024px) 50vw, 100vw"
                className={cn('w-full rounded-3xl shadow-lg', index % 2 === 1 && 'lg:order-last')}
              />
              <div>
                <p aria-hidden="true" className="text-5xl font-extrabold text-brand-500">
                  {String(index + 1).padStart(2, '0')}
                </p>
                <h3 className="mt-2 text-2xl font-bold">{feature.title}</h3>
                <p className="mt-4 text-lg leading-8 text-muted-foreground">{feature.description}</p>
                {feature.bulletPoints && (
                  <ul className="mt-6 space-y-3">
                    {feature.bulletPoints.map((point) => (
                      <li key={point} className="flex gap-3">
                        <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                        <span className="text-body">{point}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section aria-labelledby="benefits-title">
        <SectionHeading id="benefits-title" title={ui.benefitsTitle} />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {service.benefits.map((benefit) => (
            <li key={benefit.title} data-reveal className="rounded-2xl border border-border bg-card p-7 shadow-sm">
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-primary-strong">
                <Icon name={benefit.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      {service.testimonial && (
        <Section tone="dark" aria-labelledby="testimonial-title">
          <h2 id="testimonial-title" className="sr-only">
            {ui.testimonialTitle}
          </h2>
          <div className="mx-auto max-w-3xl">
            <TestimonialCard testimonial={service.testimonial} tone="dark" />
          </div>
        </Section>
      )}

      {cases.length > 0 && (
        <Section tone="muted" aria-labelledby="work-title">
          <SectionHeading id="work-title" title={format(ui.workTitle, { service: service.title })} text={ui.workText} />
          {/* Centred: a service usually has one or two cases, which a three-column grid would push left. */}
          <ul className="mt-14 flex flex-wrap justify-center gap-8">
            {cases.map((study) => (
              <li key={study.id} data-reveal className="flex w-full md:w-[calc(50%-1rem)] lg:w-[calc((100%-4rem)/3)]">
                <CaseCard study={study} linkLabel={ui.viewCaseStudy} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <CtaBand title={ui.ctaTitle} text={format(ui.ctaText, { service: service.title })} button={ui.ctaButton} service={service.consultationService} />
    </>
  )
}
