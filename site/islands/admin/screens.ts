/** The admin screens, in the order of their navigation. */
export const adminScreens = ['consultations', 'messages', 'newsletter', 'outbox'] as const
export type AdminScreenName = (typeof adminScreens)[number]
/** The screens of leads: a list, and one record at `?id=…`. */
export type InboxKind = Extract<AdminScreenName, 'consultations' | 'messages'>

export const adminPaths = {
  home: '/admin',
  consultations: '/admin/consultations',
  messages: '/admin/messages',
  newsletter: '/admin/newsletter',
  outbox: '/admin/outbox',
} as const satisfies Record<AdminScreenName | 'home', string>

/** A lead's own page, as a link from elsewhere: '/admin/messages/?id=abc' (the folder's index.html, on any host). */
export const recordPath = (kind: InboxKind, id: string) => `${adminPaths[kind]}/?id=${encodeURIComponent(id)}`
