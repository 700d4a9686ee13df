import { urls } from '../../contract/wire/urls'

/** The admin screens: each has its address in urls.admin (the service links to them too) and its row in screenTable.tsx. */
export type AdminScreenName = keyof typeof urls.admin
/** The screens of leads: a list, and one record at `?id=…`. */
export type InboxKind = Extract<AdminScreenName, 'consultations' | 'messages'>

/** The screen at an address, with or without its final slash: '/admin/meetings/' -> 'meetings'; undefined for any other. */
export function adminScreenAt(pathname: string): AdminScreenName | undefined {
  const address = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return (Object.keys(urls.admin) as AdminScreenName[]).find((screen) => urls.admin[screen] === address)
}

/** A lead's own page, as a link from elsewhere: '/admin/messages/?id=abc' (the folder's index.html, on any host). */
export const recordPath = (kind: InboxKind, id: string) => `${urls.admin[kind]}/?id=${encodeURIComponent(id)}`
