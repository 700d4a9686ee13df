import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('service')

export type Data = Awaited<ReturnType<typeof data>>
