import { PageHero } from '../../components/PageHero'
import { Section } from '../../components/Section'
import { Island } from '../../islands/Island'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, closedDays, siteName, places } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.title }] }}>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-on-dark">{ui.description}</p>
      </PageHero>
      <Section tone="muted">
        <div className="mx-auto max-w-3xl rounded-2xl bg-card p-4 shadow-sm ring-1 ring-border sm:p-10">
          {/* The page's only task: it hydrates at once. */}
          <Island name="consultation-page" props={{ labels: ui, closedDays, siteName, places }} />
        </div>
      </Section>
    </>
  )
}
