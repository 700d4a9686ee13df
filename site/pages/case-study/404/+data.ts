import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('case-study', '/case-study/404')
