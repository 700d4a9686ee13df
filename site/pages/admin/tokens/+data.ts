import type { PageContextServer } from 'vike/types'
import { adminPageData } from '../../adminPageData'

export const data = (pageContext: PageContextServer) => adminPageData(pageContext, 'tokens')

export type Data = Awaited<ReturnType<typeof data>>
