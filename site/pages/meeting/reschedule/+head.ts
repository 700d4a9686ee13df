import { meetingHead } from '../meetingPageData'

export const head = meetingHead
