import { adminPageData } from '../adminPageData'
import { pageData } from '../pageData'

// /admin opens on the Overview; the lists are one click away in the admin's tabs.
export const data = pageData((pageContext) => adminPageData(pageContext, 'overview'))

export type Data = Awaited<ReturnType<typeof data>>
