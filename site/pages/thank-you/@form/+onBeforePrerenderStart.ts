import { formNames } from '../../../forms/api'
import { urls } from '../../../../contract/urls'

export const onBeforePrerenderStart = () => formNames.map(urls.thankYou)
