import { Rss } from 'lucide-react'
import { PageHero } from '../../components/PageHero'
import { PostCard } from '../../components/PostCard'
import { Section } from '../../components/Section'
import { NewsletterSignup } from '../../islands/NewsletterSignup'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, posts, newsletter } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.metaTitle }] }}>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-on-dark">{ui.text}</p>
        <a href={urls.rss} className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline">
          <Rss aria-hidden="true" className="h-4 w-4" />
          {ui.rss}
        </a>
      </PageHero>
      <Section tone="muted">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug} className="flex" data-reveal>
              <PostCard post={post} readArticle={ui.readArticle} />
            </li>
          ))}
        </ul>
      </Section>
      <div className="bg-background px-4 py-20 sm:px-6 lg:px-8">
        <NewsletterSignup {...newsletter} variant="card" hydrate="visible" />
      </div>
    </>
  )
}
