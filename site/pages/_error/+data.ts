import { everyNotFoundData } from '../notFoundData'

export const data = everyNotFoundData

export type Data = Awaited<ReturnType<typeof data>>
