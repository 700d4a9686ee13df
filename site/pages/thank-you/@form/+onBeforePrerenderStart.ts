import { formNames } from '../../../forms/api'
import { urls } from '../../../../contract/wire/urls'

export const onBeforePrerenderStart = () => formNames.map(urls.thankYou)
