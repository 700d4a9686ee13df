import type { UiStrings } from '../content/ui'
import { urls } from '../../contract/wire/urls'
import { PageHero } from './PageHero'
import { Section } from './Section'

type LinkPageProps = {
  title: string
  /** What the page is for, under the title. */
  text: string
  breadcrumbUi: UiStrings['breadcrumb']
  /** The page's one task: its island, and what stands in for it without JavaScript. */
  children: React.ReactNode
}

/** A page an email's signed link opens (unsubscribe, the meeting's pages, the hold link's): the hero, then one card. */
export function LinkPage({ title, text, breadcrumbUi, children }: LinkPageProps) {
  return (
    <>
      <PageHero title={title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: title }] }}>
        <p className="mt-5 max-w-2xl text-lg text-on-dark">{text}</p>
      </PageHero>
      <Section tone="muted">
        <div className="mx-auto max-w-2xl rounded-2xl bg-card p-4 shadow-sm ring-1 ring-border sm:p-10">{children}</div>
      </Section>
    </>
  )
}
