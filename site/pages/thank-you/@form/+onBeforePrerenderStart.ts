import { formPaths, type FormName } from '../../../forms/api'
import { urls } from '../../../../contract/urls'

export const onBeforePrerenderStart = () => (Object.keys(formPaths) as FormName[]).map(urls.thankYou)
