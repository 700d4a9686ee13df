import type { BlockedPostView, BlockKind } from '../../../contract/wire/blockList'
import type { BlockedLabels } from '../labels'

/** The word of each kind of blocked address (content/ui.json adminBlocked). */
export const kindWord = { email: 'kindEmail', client: 'kindClient' } as const satisfies Record<BlockKind, keyof BlockedLabels>

/** What each form is called in the list of caught posts. */
export const formWord = {
  consultation: 'formConsultation',
  contact: 'formContact',
  newsletter: 'formNewsletter',
} as const satisfies Record<BlockedPostView['form'], keyof BlockedLabels>
