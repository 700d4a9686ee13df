import { urls } from '../../../urls'
import { notFoundData } from '../../notFoundData'

export const data = () => notFoundData('case-study', urls.notFound('case-study'))
