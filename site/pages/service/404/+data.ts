import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('service', '/service/404')
