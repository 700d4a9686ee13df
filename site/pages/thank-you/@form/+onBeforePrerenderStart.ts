import { formPaths, type FormName } from '../../../forms/api'
import { urls } from '../../../urls'

export const onBeforePrerenderStart = () => (Object.keys(formPaths) as FormName[]).map(urls.thankYou)
