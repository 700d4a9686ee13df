import type { PageContextServer } from 'vike/types'
import { urls } from '../../../contract/wire/urls'
import { pageHead } from '../pageData'
import { siteContent } from '../../content/siteContent'
import type { IslandProps } from '../../islands/registry'

export type MeetingAction = 'cancel' | 'reschedule'

// Not in sitemap.xml nor on the sitemap page: readers reach these pages from the consultation's emails.
/** +data of the cancel and reschedule pages: the same page for every link (the token is read in the browser). */
export function meetingPageData(pageContext: PageContextServer, action: MeetingAction) {
  const { ui, site } = siteContent(pageContext.globalContext)
  const words = ui.meeting
  const [title, description, text] =
    action === 'cancel'
      ? [words.cancelTitle, words.cancelMetaDescription, words.cancelText]
      : [words.rescheduleTitle, words.rescheduleMetaDescription, words.rescheduleText]
  return {
    action,
    title,
    description,
    text,
    ui: words,
    slotPlaceholder: ui.consultation.timeSlotPlaceholder,
    dateHint: ui.consultation.dateHint,
    breadcrumbUi: ui.breadcrumb,
    email: site.email,
    island: { action, labels: words, email: site.email, bookHref: urls.consultation } satisfies IslandProps<'meeting'>,
  }
}

export type MeetingPageData = ReturnType<typeof meetingPageData>

/** The head of the cancel and reschedule pages: links with a token are not for search engines. */
export const meetingHead = pageHead<MeetingPageData>(({ title, description }) => ({ title, description, noindex: true }))
