import type { PageContextServer } from 'vike/types'
import { meetingPageData } from '../meetingPageData'

export const data = (pageContext: PageContextServer) => meetingPageData(pageContext, 'reschedule')

export type Data = ReturnType<typeof data>
