import type { PageContextServer } from 'vike/types'
import { resultPageData } from '../resultPageData'

export const data = (pageContext: PageContextServer) => resultPageData(pageContext, 'moved')

export type Data = ReturnType<typeof data>
