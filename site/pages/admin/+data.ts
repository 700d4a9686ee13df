import { adminPageData } from '../adminPageData'
import { pageData } from '../pageData'

export const data = pageData(adminPageData)

export type Data = Awaited<ReturnType<typeof data>>
