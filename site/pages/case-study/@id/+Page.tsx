import { CalendarClock, CheckCircle2, Building2 } from 'lucide-react'
import { ConsultationButton } from '../../../components/ConsultationButton'
import { PageHero } from '../../../components/PageHero'
import { Picture } from '../../../components/Picture'
import { Prose } from '../../../components/Prose'
import { TestimonialCard } from '../../../components/TestimonialCard'
import { Button } from '../../../ui/button'
import { urls } from '../../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { study, ui, breadcrumbUi, mainImage, gallery, service } = data
  return (
    <>
      <PageHero
        title={study.title}
        background={mainImage}
        breadcrumb={{
          label: breadcrumbUi.label,
          crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.breadcrumbPortfolio, href: urls.portfolio }, { label: study.title }],
        }}
        eyebrow={<span className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">{study.category}</span>}
      >
        <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4 text-on-dark">
          <div className="flex items-center gap-3">
            <Building2 aria-hidden="true" className="h-5 w-5 text-accent" />
            <dt className="sr-only sm:not-sr-only sm:text-on-dark-subtle">{ui.client}</dt>
            <dd className="font-semibold text-white">{study.client}</dd>
          </div>
          <div className="flex items-center gap-3">
            <CalendarClock aria-hidden="true" className="h-5 w-5 text-accent" />
            <dt className="sr-only sm:not-sr-only sm:text-on-dark-subtle">{ui.timeline}</dt>
            <dd className="font-semibold text-white">{study.timeline}</dd>
          </div>
        </dl>
      </PageHero>

      <div className="bg-background py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div className="lg:col-span-2">
            <Picture image={mainImage} alt={study.mainImageAlt} priority sizes="(min-width: 1024px) 66vw, 100vw" className="w-full rounded-3xl shadow-lg" />
            <section aria-labelledby="challenge-title" className="mt-12">
              <h2 id="challenge-title" className="text-2xl font-bold sm:text-3xl">
                {ui.challenge}
              </h2>
              <Prose html={study.challengeHtml} className="mt-4 prose-lg" />
            </section>
            <section aria-labelledby="solution-title" className="mt-12">
              <h2 id="solution-title" className="text-2xl font-bold sm:text-3xl">
                {ui.solution}
              </h2>
              <Prose html={study.solutionHtml} className="mt-4 prose-lg" />
            </section>
            <section aria-labelledby="results-title" className="mt-12 rounded-3xl bg-brand-50 p-8">
              <h2 id="results-title" className="text-2xl font-bold sm:text-3xl">
                {ui.results}
              </h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                {study.results.map((result) => (
                  <li key={result} className="flex gap-3">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-success" />
                    <span className="font-medium text-emphasis">{result}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="gallery-title" className="mt-12">
              <h2 id="gallery-title" className="text-2xl font-bold sm:text-3xl">
                {ui.gallery}
              </h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-3">
                {gallery.map(({ image, alt }) => (
                  <li key={image.src}>
                    <Picture image={image} alt={alt} sizes="(min-width: 640px) 33vw, 100vw" className="aspect-[4/3] w-full rounded-2xl object-cover shadow" />
                  </li>
                ))}
              </ul>
            </section>
            <div className="mt-12">
              <TestimonialCard testimonial={study.testimonial} />
            </div>
          </div>
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-3xl border border-border bg-muted p-8">
              {service && (
                <>
                  <h2 className="text-lg font-semibold">{ui.serviceTitle}</h2>
                  <p className="mt-2 mb-10">
                    <a href={service.href} className="font-semibold text-primary-strong underline underline-offset-4 hover:text-brand-900">
                      {service.title}
                    </a>
                  </p>
                </>
              )}
              <h2 className="text-lg font-semibold">{ui.technologies}</h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {study.technologies.map((technology) => (
                  <li key={technology} className="rounded-full bg-card px-3 py-1 text-sm font-medium text-body ring-1 ring-border">
                    {technology}
                  </li>
                ))}
              </ul>
              <h2 className="mt-10 text-lg font-semibold">{ui.startTitle}</h2>
              <p className="mt-2 leading-7 text-muted-foreground">{ui.startText}</p>
              <div className="mt-6 flex flex-col gap-3">
                <ConsultationButton data-service={service?.consultationService}>{ui.startYourProject}</ConsultationButton>
                <Button asChild variant="outline">
                  <a href="/#portfolio">{ui.viewMoreProjects}</a>
                </Button>
              </div>
            </div>
          </aside>
        </div>
      </div>
    </>
  )
}
