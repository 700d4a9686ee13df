import { resultHead } from '../resultPageData'

export const head = resultHead
