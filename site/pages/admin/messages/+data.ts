import { adminPageData } from '../../adminPageData'

export const data = () => adminPageData('messages')

export type Data = Awaited<ReturnType<typeof data>>
