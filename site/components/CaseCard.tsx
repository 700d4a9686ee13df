import { ArrowRight } from 'lucide-react'
import type { ImageAsset } from '../content/imageManifest'
import { cn } from '../ui/cn'
import { urls } from '../../contract/wire/urls'
import { Picture } from './Picture'
import { teaser } from './teaser'

export type CaseCardData = {
  id: string
  title: string
  category: string
  client: string
  summary: string
  image: ImageAsset
  imageAlt: string
}

type CaseCardProps = { study: CaseCardData; linkLabel: string; featured?: boolean; badge?: string }

export function CaseCard({ study, linkLabel, featured = false, badge }: CaseCardProps) {
  return (
    <article
      className={cn(
        'group relative flex w-full overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:shadow-lg',
        featured ? 'flex-col lg:flex-row' : 'flex-col',
      )}
    >
      <Picture
        image={study.image}
        alt={study.imageAlt}
        sizes={featured ? '(min-width: 1024px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw'}
        className={cn('aspect-video w-full object-cover', featured && 'lg:w-1/2 lg:aspect-auto')}
      />
      <div className={cn('flex flex-1 flex-col p-6', featured && 'lg:p-10')}>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {badge && <span className="rounded-full bg-accent px-3 py-1 font-semibold text-accent-foreground">{badge}</span>}
          <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{study.category}</span>
        </p>
        {featured ? (
          <h3 className="mt-4 text-2xl font-bold text-foreground lg:text-3xl">{study.title}</h3>
        ) : (
          <h3 className="mt-4 text-lg font-semibold text-foreground">{study.title}</h3>
        )}
        <p className="mt-1 text-sm font-medium text-subtle">{study.client}</p>
        <p className="mt-3 flex-1 leading-7 text-muted-foreground">{teaser(study.summary, featured ? 200 : 100)}</p>
        <a
          href={urls.caseStudy(study.id)}
          className="mt-5 inline-flex items-center gap-2 font-semibold text-primary-strong after:absolute after:inset-0 after:content-['']"
        >
          {linkLabel}
          <span className="sr-only">: {study.title}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1" />
        </a>
      </div>
    </article>
  )
}
