import type { PageContextServer } from 'vike/types'
import { resultPageData } from '../resultPageData'

export const data = (pageContext: PageContextServer) => resultPageData(pageContext, 'cancelled')

export type Data = ReturnType<typeof data>
