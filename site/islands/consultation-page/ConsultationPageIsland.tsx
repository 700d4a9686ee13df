import { Island } from '../Island'
import type { ConsultationPageFormProps } from './ConsultationPageForm'

/** The /consultation page's form; it is the page's only task, so it hydrates at once. */
export function ConsultationPageIsland(props: ConsultationPageFormProps) {
  return <Island name="consultation-page" props={props} />
}
