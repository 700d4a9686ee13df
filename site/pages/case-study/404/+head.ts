import { notFoundHead } from '../../notFoundData'

export const head = notFoundHead
