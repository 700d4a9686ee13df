import { adminPageData } from '../../adminPageData'

export const data = () => adminPageData('newsletter')

export type Data = Awaited<ReturnType<typeof data>>
