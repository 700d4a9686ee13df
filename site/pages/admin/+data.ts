import { urls } from '../../../contract/wire/urls'
import { pageData } from '../pageData'

// /admin leads to the inbox: a redirect document (an immediate refresh), which any static host serves.
export const data = pageData(() => ({ redirectTo: urls.admin.consultations }))
