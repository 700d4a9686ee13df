import { ArrowRight } from 'lucide-react'
import type { IconName } from '../content/schemas'
import { urls } from '../../contract/wire/urls'
import { Icon } from './Icon'

export type ServiceCardData = { id: string; title: string; icon: IconName; description: string }

export function ServiceCard({ service, learnMore }: { service: ServiceCardData; learnMore: string }) {
  return (
    <article className="group relative flex w-full flex-col rounded-2xl border border-border bg-card p-7 shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
      <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-primary-strong">
        <Icon name={service.icon} className="h-6 w-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-foreground">{service.title}</h3>
      <p className="mt-3 flex-1 leading-7 text-muted-foreground">{service.description}</p>
      <a
        href={urls.service(service.id)}
        className="mt-6 inline-flex items-center gap-2 font-semibold text-primary-strong after:absolute after:inset-0 after:content-['']"
      >
        {learnMore}
        <span className="sr-only">: {service.title}</span>
        <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1" />
      </a>
    </article>
  )
}
