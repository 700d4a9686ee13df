import type { MeetingState } from '../../../contract/booking/booking'
import { meetingStateWords } from '../../../contract/content/stateWords'
import type { MeetingStateLabels } from '../labels'

/** 'no-show' -> labels.stateNoShow ("No-show", content/ui.json). */
export const stateLabel = (state: MeetingState, labels: MeetingStateLabels) => labels[meetingStateWords[state]]
