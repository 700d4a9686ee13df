import { SearchX } from 'lucide-react'
import type { SiteContent } from '../content'
import { buttonVariants } from '../ui/button'
import { urls, type NotFoundSection } from '../urls'
import { PagePanel } from './PagePanel'

/** The site's not-found screen, or a section's own. */
export type NotFoundVariant = 'page' | NotFoundSection

export function notFoundText(content: SiteContent, variant: NotFoundVariant) {
  const { notFound, service } = content.ui
  if (variant === 'service') return { heading: service.notFoundTitle, text: service.notFoundText, link: { label: service.returnHome, href: urls.home } }
  if (variant === 'case-study') return { heading: notFound.caseStudyHeading, text: notFound.caseStudyText, link: { label: content.ui.caseStudy.viewMoreProjects, href: '/#portfolio' } }
  return { heading: notFound.heading, text: notFound.text, link: { label: notFound.returnHome, href: urls.home } }
}

type NotFoundProps = { content: SiteContent; variant: NotFoundVariant; hidden?: boolean; marked?: boolean }

export function NotFound({ content, variant, hidden, marked }: NotFoundProps) {
  const { heading, text, link } = notFoundText(content, variant)
  return (
    <PagePanel data-not-found-variant={marked ? variant : undefined} hidden={hidden} className="text-center">
      <SearchX aria-hidden="true" className="mx-auto h-14 w-14 text-brand-500" />
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{heading}</h1>
      <p className="mt-4 text-lg leading-8 text-slate-600">{text}</p>
      <a href={link.href} className={buttonVariants({ className: 'mt-8' })}>{link.label}</a>
    </PagePanel>
  )
}
