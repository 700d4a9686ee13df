import { adminPageData } from '../../adminPageData'

export const data = () => adminPageData('consultations')

export type Data = Awaited<ReturnType<typeof data>>
