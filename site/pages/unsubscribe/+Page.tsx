import { PageHero } from '../../components/PageHero'
import { Section } from '../../components/Section'
import { TextWithEmail } from '../../components/TextWithEmail'
import { Island } from '../../islands/Island'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, email, form } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.title }] }}>
        <p className="mt-5 max-w-2xl text-lg text-on-dark">{ui.text}</p>
      </PageHero>
      <Section tone="muted">
        <div className="mx-auto max-w-2xl rounded-2xl bg-card p-4 shadow-sm ring-1 ring-border sm:p-10">
          {/* The page's only task: it hydrates at once. */}
          <Island name="unsubscribe" props={form} />
          <noscript>
            <p className="mt-6 text-base leading-7 text-body">
              <TextWithEmail template={ui.noScript} email={email} />
            </p>
          </noscript>
        </div>
      </Section>
    </>
  )
}
