import { PageHero } from '../../components/PageHero'
import { Section } from '../../components/Section'
import { PortfolioIsland } from '../../islands/portfolio/PortfolioIsland'
import { urls } from '../../urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, homeUi, breadcrumbUi, cases, categories } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.title }] }}>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{ui.text}</p>
      </PageHero>
      <Section tone="muted">
        <PortfolioIsland cases={cases} categories={categories} ui={homeUi} hydrate="idle" />
      </Section>
    </>
  )
}
