import { notFoundData } from '../../notFoundData'
import { pageData } from '../../pageData'

export const data = pageData((pageContext) => notFoundData(pageContext, 'case-study'))

export type Data = Awaited<ReturnType<typeof data>>
