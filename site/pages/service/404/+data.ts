import { urls } from '../../../urls'
import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('service', urls.notFound('service'))
