import type { PlaceChoice } from '../../../contract/booking/meetingPlace'
import type { UiStrings } from '../../content/ui'
import { ConsultationForm } from '../consultation/ConsultationForm'

export type ConsultationPageFormProps = { labels: UiStrings['consultation']; closedDays: readonly string[]; siteName: string; places: PlaceChoice[] }

const pageText = { Title: 'h2', Description: 'p' } as const

/** The consultation request as a page of its own (/consultation): where the buttons lead without JavaScript. */
export default function ConsultationPageForm({ labels, closedDays, siteName, places }: ConsultationPageFormProps) {
  return <ConsultationForm labels={labels} closedDays={closedDays} places={places} siteName={siteName} idPrefix="consultation-page" text={pageText} />
}
