import { ArrowLeft, ArrowRight, Clock } from 'lucide-react'
import { CtaBand } from '../../../components/CtaBand'
import { FormattedDate } from '../../../components/FormattedDate'
import { NewsletterSignup } from '../../../islands/NewsletterSignup'
import { PageHero } from '../../../components/PageHero'
import { Picture } from '../../../components/Picture'
import { Prose } from '../../../components/Prose'
import { urls } from '../../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, post, image, next, newsletter } = data
  return (
    <>
      <PageHero
        title={post.title}
        breadcrumb={{
          label: breadcrumbUi.label,
          crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.metaTitle, href: urls.blog }, { label: post.title }],
        }}
      >
        <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-on-dark">
          <FormattedDate date={post.date} />
          <span className="inline-flex items-center gap-2">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {post.readTime}
          </span>
        </p>
      </PageHero>
      <article className="bg-background px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl">
          <Picture image={image} alt={post.imageAlt} priority sizes="(min-width: 768px) 768px, 100vw" className="w-full rounded-3xl shadow-lg" />
          <Prose html={post.html} className="mt-12 prose-lg" />
          {next && (
            <nav aria-label={ui.nextArticle} className="mt-16 flex flex-col gap-4 border-t border-border pt-8 sm:flex-row sm:items-center sm:justify-between">
              <a href={urls.blog} className="inline-flex items-center gap-2 font-semibold text-primary-strong hover:underline">
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                {ui.backToBlog}
              </a>
              <a href={urls.post(next.slug)} className="inline-flex items-center gap-2 text-right font-semibold text-primary-strong hover:underline">
                <span>
                  <span className="block text-sm font-medium text-subtle">{ui.nextArticle}</span>
                  {next.title}
                </span>
                <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0" />
              </a>
            </nav>
          )}
        </div>
        <div className="mt-16">
          <NewsletterSignup {...newsletter} variant="card" hydrate="on-demand" />
        </div>
      </article>
      <CtaBand title={ui.ctaTitle} text={ui.ctaText} button={ui.ctaButton} />
    </>
  )
}
