import type { UiStrings } from '../../content/ui'
import { Island } from '../Island'
import ConsultationPageForm from './ConsultationPageForm'

/** The /consultation page's form; it is the page's only task, so it hydrates at once. */
export function ConsultationPageIsland({ labels }: { labels: UiStrings['consultation'] }) {
  return <Island name="consultation-page" component={ConsultationPageForm} props={{ labels }} />
}
