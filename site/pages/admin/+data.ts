import { urls } from '../../../contract/urls'

// /admin leads to the inbox: a redirect document (an immediate refresh), which any static host serves.
export const data = () => ({ redirectTo: urls.admin.consultations, head: { title: '', description: '', path: urls.admin.consultations, noindex: true } })
