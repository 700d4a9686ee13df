import type { PageContextServer } from 'vike/types'
import { notFoundData } from '../notFoundData'

export const data = (pageContext: PageContextServer) => notFoundData(pageContext, 'service', '/service/404')
