import { api } from '../../../../contract/wire/api'
import { meetingTokenMarker } from '../../../../contract/wire/meetingPages'
import { LinkPage } from '../../../components/LinkPage'
import { apiBase, apiPath } from '../../../forms/api'
import { Island } from '../../../islands/Island'
import { Button } from '../../../ui/button'
import type { Data } from './+data'

/**
 * The hold link's page: the island holds the time with JavaScript. Without it, a plain form posts to the
 * service, which put the link's token in it when it served the page (contract/wire/meetingPages.ts) and
 * answers with the consultation's thank-you page, which shows the time held, or with the error page.
 */
export default function Page({ data }: { data: Data }) {
  const { ui, breadcrumbUi, form } = data
  return (
    <LinkPage title={ui.title} text={ui.text} breadcrumbUi={breadcrumbUi}>
      {/* The page's only task: it hydrates at once. */}
      <Island name="consultation-hold" props={form} />
      <noscript>
        <form method="post" action={apiBase + apiPath(api.meetings.hold)}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant marker, replaced by the service with the escaped token */}
          <span hidden dangerouslySetInnerHTML={{ __html: meetingTokenMarker }} />
          <Button type="submit" variant="primary" size="lg" className="w-full sm:w-auto">
            {ui.hold}
          </Button>
        </form>
      </noscript>
    </LinkPage>
  )
}
