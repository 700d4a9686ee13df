import { adminPaths } from '../../islands/admin/screens'

// /admin leads to the inbox: a redirect document (an immediate refresh), which any static host serves.
export const data = () => ({ redirectTo: adminPaths.consultations, head: { title: '', description: '', path: adminPaths.consultations, noindex: true } })
