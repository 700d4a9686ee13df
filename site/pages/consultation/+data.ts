import { siteContent } from '../../content/siteContent'
import { pageData } from '../pageData'
import { placeChoices } from '../../../contract/booking/meetingPlace'

export const data = pageData(async (pageContext) => {
  const { ui, closedDays, site, booking } = siteContent(pageContext.globalContext)
  return {
    ui: ui.consultation,
    closedDays,
    siteName: site.name,
    places: placeChoices(booking.place),
    breadcrumbUi: ui.breadcrumb,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
