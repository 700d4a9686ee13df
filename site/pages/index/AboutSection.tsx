import { ConsultationButton } from '../../components/ConsultationButton'
import { Icon } from '../../components/Icon'
import { Picture } from '../../components/Picture'
import { Section, SectionHeading } from '../../components/Section'
import { Island } from '../../islands/Island'
import type { Data } from './+data'

export function AboutSection({ data }: { data: Data }) {
  const { ui, values, stats, testimonials, aboutImage } = data
  return (
    <Section id="about" tone="dark" aria-labelledby="about-title">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="about-title" eyebrow={ui.aboutEyebrow} title={ui.aboutTitle} text={ui.aboutText} tone="dark" align="start" />
          <ul className="mt-10 space-y-6">
            {values.map((value) => (
              <li key={value.title} data-reveal className="flex gap-4">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-white/10 text-accent">
                  <Icon name={value.icon} className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{value.title}</h3>
                  <p className="mt-1 leading-7 text-on-dark-muted">{value.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <Picture image={aboutImage} alt="" sizes="(min-width: 1024px) 50vw, 100vw" className="w-full rounded-3xl shadow-2xl" />
      </div>
      <dl className="mt-16 grid grid-cols-2 gap-6 rounded-3xl bg-white/5 p-8 ring-1 ring-white/10 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} data-reveal className="flex flex-col text-center">
            <dt className="mt-1 text-sm text-on-dark-muted">{stat.label}</dt>
            <dd className="order-first text-3xl font-bold text-accent sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-20">
        <h3 className="text-center text-2xl font-bold sm:text-3xl">{ui.testimonialsTitle}</h3>
        <div className="mt-10">
          <Island
            name="testimonials-carousel"
            hydrate="visible"
            props={{
              label: ui.testimonialsTitle,
              testimonials,
              labels: { counter: ui.testimonialsCounter, previous: ui.previous, next: ui.next, goToPage: ui.goToPage },
            }}
          />
        </div>
      </div>
      <p className="mt-12 text-center">
        <ConsultationButton variant="accent" size="lg">
          {ui.startYourProject}
        </ConsultationButton>
      </p>
    </Section>
  )
}
