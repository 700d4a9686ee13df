import type { PageContextServer } from 'vike/types'
import { urls } from '../../../contract/wire/urls'
import { pageHead } from '../pageData'
import { siteContent } from '../../content/siteContent'

// Where the service sends a visitor who cancelled or moved a meeting without JavaScript. Not in sitemap.xml.
export function resultPageData(pageContext: PageContextServer, result: 'cancelled' | 'moved') {
  const { ui } = siteContent(pageContext.globalContext)
  const [title, text] = result === 'cancelled' ? [ui.meeting.cancelledTitle, ui.meeting.cancelled] : [ui.meeting.movedTitle, ui.meeting.moved]
  return {
    title,
    text,
    // A cancelled meeting may be booked again; a moved one needs nothing more.
    next: result === 'cancelled' ? { label: ui.meeting.bookAgain, href: urls.consultation } : { label: ui.formPages.backHome, href: urls.home },
  }
}

export type ResultPageData = ReturnType<typeof resultPageData>

export const resultHead = pageHead<ResultPageData>(({ title, text }) => ({ title, description: text, noindex: true }))
