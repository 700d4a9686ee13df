import { PageHero } from '../../components/PageHero'
import { Section } from '../../components/Section'
import { Island } from '../../islands/Island'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, portfolio } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.title }] }}>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-on-dark">{ui.text}</p>
      </PageHero>
      <Section tone="muted">
        <Island name="portfolio" hydrate="idle" props={portfolio} />
      </Section>
    </>
  )
}
