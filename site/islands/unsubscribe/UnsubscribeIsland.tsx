import type { UiStrings } from '../../content/ui'
import { Island } from '../Island'

type UnsubscribeIslandProps = { ui: UiStrings['unsubscribe']; email: string }

/** The unsubscribe page's confirmation; it is the page's only task, so it hydrates at once. */
export function UnsubscribeIsland({ ui, email }: UnsubscribeIslandProps) {
  const { confirm, confirming, success, invalid, failure } = ui
  return <Island name="unsubscribe" props={{ labels: { confirm, confirming, success, invalid, failure }, email }} />
}
