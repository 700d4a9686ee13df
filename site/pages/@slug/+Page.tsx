import { FormattedDate } from '../../components/FormattedDate'
import { PageHero } from '../../components/PageHero'
import { Prose } from '../../components/Prose'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, page } = data
  const [before, after] = ui.lastUpdated.split('{date}')
  return (
    <>
      <PageHero title={page.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: page.title }] }}>
        <p className="mt-4 text-on-dark">
          {before}
          <FormattedDate date={page.lastUpdated} />
          {after}
        </p>
      </PageHero>
      {/* In the hero's column, so the text starts under the title, at a readable measure. */}
      <div className="mx-auto max-w-7xl bg-background px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-[40rem]">
          <Prose html={page.html} className="prose-lg" />
        </div>
      </div>
    </>
  )
}
