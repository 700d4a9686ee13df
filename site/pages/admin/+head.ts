import { adminHead } from '../adminPageData'

export const head = adminHead
