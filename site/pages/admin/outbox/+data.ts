import { adminPageData } from '../../adminPageData'

export const data = () => adminPageData('outbox')

export type Data = Awaited<ReturnType<typeof data>>
