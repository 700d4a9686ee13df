import { everyNotFoundData } from '../notFoundData'
import { pageData } from '../pageData'

export const data = pageData(everyNotFoundData)

export type Data = Awaited<ReturnType<typeof data>>
