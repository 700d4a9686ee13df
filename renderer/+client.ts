import { interceptConsultationButtons } from '../site/islands/consultation/interceptConsultationButtons'
import { enableHistoryBack } from '../site/islands/historyBack'
import { hydrateIslands } from '../site/islands/hydrate'
import { showNotFoundVariant } from '../site/islands/showNotFoundVariant'
import { scheduleOfferPopup } from '../site/islands/offer-popup/scheduleOfferPopup'
import { revealOnScroll } from '../site/islands/reveal'

showNotFoundVariant()
revealOnScroll()
interceptConsultationButtons()
hydrateIslands()
enableHistoryBack()
scheduleOfferPopup()
