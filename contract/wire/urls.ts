// The site's addresses, each written once: pages, feeds, the forms service and the tests build links from
// here, and the folders of site/pages spell the same paths (site/content/routes.test.ts checks that).
// It imports nothing, so that the forms service's build can compile it too (forms-service/tsconfig.json).

/** The sections with a not-found page of their own: `/service/404`, published as `dist/service/404.html`. */
export const notFoundSections = ['service', 'case-study'] as const
export type NotFoundSection = (typeof notFoundSections)[number]

export const urls = {
  home: '/',
  portfolio: '/portfolio',
  blog: '/blog',
  /** '/blog/automation-workflows' */
  post: (slug: string) => `/blog/${slug}`,
  rss: '/blog/rss.xml',
  /** '/service/website-design' */
  service: (id: string) => `/service/${id}`,
  /** '/case-study/shopeasy' */
  caseStudy: (id: string) => `/case-study/${id}`,
  /** '/privacy-policy': one page per file in content/legal/. */
  legal: (slug: string) => `/${slug}`,
  sitemap: '/sitemap',
  sitemapXml: '/sitemap.xml',
  robotsTxt: '/robots.txt',
  /** The consultation request as a page: where the consultation buttons lead without JavaScript. */
  consultation: '/consultation',
  /**
   * A request kept without a time while the booking challenge was on is emailed a link here, with a signed
   * token: one press holds the first free start of the window it asked for.
   */
  consultationHold: '/consultation/hold',
  /** '/thank-you/contact': where the forms service sends a visitor whose form it stored without JavaScript. */
  thankYou: (form: string) => `/thank-you/${form}`,
  /** The page the forms service answers an invalid form posted without JavaScript with. */
  formError: '/forms/error',
  /** The welcome email links here, with the visitor's token. */
  unsubscribe: '/unsubscribe',
  /** A meeting's emails link here with a signed token: one click cancels it. */
  meetingCancel: '/meeting/cancel',
  /** A meeting's emails link here with a signed token: the free windows, and a new start. */
  meetingReschedule: '/meeting/reschedule',
  /** Where the service sends a visitor who cancelled without JavaScript (with it, the page says so in place). */
  meetingCancelled: '/meeting/cancelled',
  /** Where the service sends a visitor who moved the meeting without JavaScript. */
  meetingMoved: '/meeting/moved',
  /** '/service/404': static hosts and the forms service answer unknown addresses below `/service/` with it. */
  notFound: (section: NotFoundSection) => `/${section}/404`,
  /** dist/404.html: what static hosts answer any other unknown address with. */
  notFoundPage: '/404',
  admin: {
    /** The admin opens on its Overview; the lists are a click away. */
    overview: '/admin',
    consultations: '/admin/consultations',
    messages: '/admin/messages',
    newsletter: '/admin/newsletter',
    outbox: '/admin/outbox',
    meetings: '/admin/meetings',
    tokens: '/admin/tokens',
    blocked: '/admin/blocked',
    /** The people at the desk, their invitations and the audit trail (an owner's). */
    people: '/admin/people',
    /** The browsers signed in as this person. */
    sessions: '/admin/sessions',
    /** Where an invitation's link opens: `?key=…`, to choose a password (signed out). */
    join: '/admin/join',
    /** Where a password reset link opens: `?key=…`, to choose a new password (signed out). */
    reset: '/admin/reset',
    /** How this person signs in: passkeys, an authenticator app, recovery codes; the desk's rule (an owner's). */
    security: '/admin/security',
  },
  /** '/admin/consultations?id=…': one record, where the agency's emails link (signed out, the password first). */
  adminRecord: (inbox: 'consultations' | 'messages', id: string) => `/admin/${inbox}?id=${encodeURIComponent(id)}`,
} as const

/** The section whose not-found page answers for a missing address: '/service/nope' -> 'service'. */
export const notFoundSectionOf = (pathname: string): NotFoundSection | undefined => notFoundSections.find((section) => pathname.startsWith(`/${section}/`))

/** The site's public origin: build configuration (SITE_URL, empty as unset), defaulting to content/site.json's `url`. */
export const siteUrl = (content: { site: { url: string } }) => (process.env.SITE_URL?.trim() || content.site.url).replace(/\/$/, '')
