import { PageHero } from '../../components/PageHero'
import { Section } from '../../components/Section'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

/** 'Legal & Info' -> 'sitemap-legal-info': an id has no spaces (HTML's rule), and reads as the heading does. */
const headingId = (title: string) =>
  `sitemap-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, groups } = data
  return (
    <>
      <PageHero title={ui.title} breadcrumb={{ label: breadcrumbUi.label, crumbs: [{ label: breadcrumbUi.home, href: urls.home }, { label: ui.title }] }}>
        <p className="mt-5 text-lg text-on-dark">{ui.text}</p>
      </PageHero>
      <Section>
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((group) => (
            <section key={group.title} aria-labelledby={headingId(group.title)}>
              <h2 id={headingId(group.title)} className="border-b border-border pb-3 text-xl font-semibold">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.href + link.label}>
                    <a href={link.href} className="text-primary-strong hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </>
  )
}
