import type { SiteContent } from '../../content'
import { Island } from '../Island'

/**
 * The widgets of every page, rendered once by the Layout: the consultation dialog and the
 * limited-offer popup. Neither has any HTML until opened, and neither loads its code with the page:
 * the dialog loads when a consultation button is pointed at, focused or clicked
 * (interceptConsultationButtons), the popup when it is due (scheduleOfferPopup), so that pages stay
 * within their JavaScript budget.
 */
export function GlobalWidgets({ content }: { content: SiteContent }) {
  return (
    <>
      <Island name="consultation" hydrate="on-demand" props={{ labels: content.ui.consultation, closedDays: content.closedDays }} />
      <Island name="offer-popup" hydrate="on-demand" props={{ offer: content.offer }} />
    </>
  )
}
