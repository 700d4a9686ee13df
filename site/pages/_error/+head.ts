import { everyNotFoundHead } from '../notFoundData'

export const head = everyNotFoundHead
