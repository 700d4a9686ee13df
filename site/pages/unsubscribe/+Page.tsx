import { LinkPage } from '../../components/LinkPage'
import { TextWithEmail } from '../../components/TextWithEmail'
import { Island } from '../../islands/Island'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, email, form } = data
  return (
    <LinkPage title={ui.title} text={ui.text} breadcrumbUi={breadcrumbUi}>
      {/* The page's only task: it hydrates at once. */}
      <Island name="unsubscribe" props={form} />
      <noscript>
        <p className="mt-6 text-base leading-7 text-body">
          <TextWithEmail template={ui.noScript} email={email} />
        </p>
      </noscript>
    </LinkPage>
  )
}
