import { adminPageData } from '../../adminPageData'
import { pageData } from '../../pageData'

export const data = pageData((pageContext) => adminPageData(pageContext, 'blocked'))

export type Data = Awaited<ReturnType<typeof data>>
