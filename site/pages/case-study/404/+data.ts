import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('case-study')

export type Data = Awaited<ReturnType<typeof data>>
