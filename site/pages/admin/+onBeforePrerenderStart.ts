import { urls } from '../../../contract/wire/urls'

export const onBeforePrerenderStart = () => Object.values(urls.admin)
