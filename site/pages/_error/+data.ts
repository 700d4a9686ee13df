import { notFoundData } from '../notFoundData'

export const data = () => notFoundData('page', '/404')
