import { meetingPageData } from '../meetingPageData'
import { pageData } from '../../pageData'

export const data = pageData((pageContext) => meetingPageData(pageContext, 'cancel'))

export type Data = Awaited<ReturnType<typeof data>>
