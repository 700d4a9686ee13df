import { resultPageData } from '../resultPageData'
import { pageData } from '../../pageData'

export const data = pageData((pageContext) => resultPageData(pageContext, 'cancelled'))

export type Data = Awaited<ReturnType<typeof data>>
