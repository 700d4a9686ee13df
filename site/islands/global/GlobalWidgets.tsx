import type { SiteContent } from '../../content'
import ConsultationDialog from '../consultation/ConsultationDialog'
import { Island } from '../Island'
import OfferPopup from '../offer-popup/OfferPopup'

/**
 * The widgets of every page, rendered once by the Layout: the consultation dialog (its code loads on
 * idle, or at once on the first click of a consultation button: see openConsultation) and the
 * limited-offer popup. Neither has any HTML until opened.
 */
export function GlobalWidgets({ content }: { content: SiteContent }) {
  return (
    <>
      <Island name="consultation" component={ConsultationDialog} hydrate="idle" props={{ labels: content.ui.consultation }} />
      <Island name="offer-popup" component={OfferPopup} hydrate="idle" props={{ offer: content.offer }} />
    </>
  )
}
