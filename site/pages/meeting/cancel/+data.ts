import type { PageContextServer } from 'vike/types'
import { meetingPageData } from '../meetingPageData'

export const data = (pageContext: PageContextServer) => meetingPageData(pageContext, 'cancel')

export type Data = ReturnType<typeof data>
