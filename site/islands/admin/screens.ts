/** The admin screens, in the order of their navigation. */
export const adminScreens = ['consultations', 'messages', 'newsletter'] as const
export type AdminScreenName = (typeof adminScreens)[number]
export type InboxKind = Exclude<AdminScreenName, 'newsletter'>

export const adminPaths = {
  home: '/admin',
  consultations: '/admin/consultations',
  messages: '/admin/messages',
  newsletter: '/admin/newsletter',
} as const satisfies Record<AdminScreenName | 'home', string>
