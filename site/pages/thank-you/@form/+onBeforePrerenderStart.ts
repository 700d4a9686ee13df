import { formPaths, type FormName } from '../../../forms/api'
import { thankYouPath } from '../../../forms/pages'

export const onBeforePrerenderStart = () => (Object.keys(formPaths) as FormName[]).map(thankYouPath)
