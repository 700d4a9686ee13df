import { urls } from '../../contract/wire/urls'

/** The admin screens, in the order of their navigation; each has its address in urls.admin. */
export const adminScreens = [
  'overview',
  'consultations',
  'meetings',
  'messages',
  'newsletter',
  'outbox',
  'tokens',
  'blocked',
] as const satisfies readonly (keyof typeof urls.admin)[]
export type AdminScreenName = (typeof adminScreens)[number]
/** The screens of leads: a list, and one record at `?id=…`. */
export type InboxKind = Extract<AdminScreenName, 'consultations' | 'messages'>

/** A lead's own page, as a link from elsewhere: '/admin/messages/?id=abc' (the folder's index.html, on any host). */
export const recordPath = (kind: InboxKind, id: string) => `${urls.admin[kind]}/?id=${encodeURIComponent(id)}`
