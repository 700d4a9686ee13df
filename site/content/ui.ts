// Interface copy (button labels, headings, form labels) lives in content/ui.json. The keys the
// components read are listed here once; the type, and the schema in schemas.ts, both come from this list.
// The browser imports format() from here, so this module holds nothing that needs building at load.

// The words that differ between the two inbox screens (consultation requests, contact messages).
const inboxKindKeys = [
  'title', 'metaDescription', 'signInText', 'loading', 'fetchFailed', 'loadError', 'countOne', 'countOther', 'tableLabel', 'emptyTitle', 'emptyText',
  'back', 'detailTitle', 'deleteButton', 'deleteTitle', 'deleteText', 'deleted', 'notFound',
] as const

export const uiKeys = {
  header: ['homeLabel', 'getStarted', 'openMenu', 'closeMenu', 'mainNav', 'skipToContent'],
  footer: ['servicesHeading', 'quickLinksHeading', 'contactHeading', 'legalHeading', 'rights', 'social'],
  home: [
    'heroEyebrow', 'heroTitle', 'heroHighlight', 'heroText', 'heroPrimary', 'heroSecondary',
    'servicesEyebrow', 'servicesTitle', 'servicesText', 'servicesCounter', 'previous', 'next', 'goToPage', 'seeOurWork', 'learnMore',
    'portfolioEyebrow', 'portfolioTitle', 'portfolioText', 'filterAll', 'filterLabel', 'featured', 'viewCaseStudy', 'viewAllProjects',
    'aboutEyebrow', 'aboutTitle', 'aboutText', 'testimonialsTitle', 'testimonialsCounter', 'startYourProject',
    'analysisEyebrow', 'analysisTitle', 'analysisText', 'analysisButton', 'analysisStep',
    'ctaTitle', 'ctaText', 'ctaButton',
    'contactEyebrow', 'contactTitle', 'contactText', 'contactDetailsTitle', 'emailLabel', 'phoneLabel', 'locationLabel', 'hoursLabel', 'followUs',
  ],
  service: ['breadcrumbServices', 'overviewTitle', 'processTitle', 'processText', 'benefitsTitle', 'testimonialTitle', 'ctaTitle', 'ctaText', 'ctaButton', 'startYourProject', 'workTitle', 'workText', 'viewCaseStudy', 'notFoundTitle', 'notFoundText', 'returnHome'],
  caseStudy: ['client', 'timeline', 'challenge', 'solution', 'results', 'gallery', 'technologies', 'startTitle', 'startText', 'startYourProject', 'viewMoreProjects', 'serviceTitle', 'breadcrumbPortfolio'],
  portfolio: ['title', 'text', 'metaTitle', 'metaDescription'],
  blog: ['title', 'text', 'metaTitle', 'metaDescription', 'readArticle', 'minRead', 'backToBlog', 'nextArticle', 'ctaTitle', 'ctaText', 'ctaButton', 'newsletterTitle', 'newsletterText', 'newsletterEmailLabel', 'newsletterPlaceholder', 'subscribe', 'subscribing', 'rss'],
  legal: ['lastUpdated'],
  sitemap: ['title', 'text', 'metaDescription', 'mainPages', 'services', 'legalInfo', 'caseStudies', 'blogArticles'],
  notFound: ['title', 'heading', 'text', 'returnHome', 'caseStudyHeading', 'caseStudyText'],
  admin: ['title', 'metaDescription'],
  breadcrumb: ['home', 'label'],
  redirect: ['text'],
  consultation: ['title', 'description', 'businessName', 'website', 'websitePlaceholder', 'contactName', 'email', 'emailPlaceholder', 'phone', 'phonePlaceholder', 'serviceInterest', 'servicePlaceholder', 'date', 'datePlaceholder', 'dateHint', 'timeSlot', 'timeSlotPlaceholder', 'timeZone', 'message', 'messagePlaceholder', 'optional', 'submit', 'submitting', 'cancel', 'close', 'successTitle', 'successText', 'successRecap', 'failure', 'honeypot'],
  contactForm: ['label', 'name', 'email', 'emailPlaceholder', 'phone', 'phonePlaceholder', 'business', 'service', 'servicePlaceholder', 'message', 'messagePlaceholder', 'optional', 'submit', 'submitting', 'success', 'failure', 'honeypot'],
  // The pages of the forms without JavaScript: /thank-you/<form> (texts from the forms' groups) and /forms/error.
  formPages: ['backHome', 'errorTitle', 'errorMetaDescription', 'errorText', 'errorBack'],
  newsletter: ['emailRequiredTitle', 'emailRequiredText', 'successTitle', 'successText', 'failureTitle', 'failureText', 'dismiss', 'toast', 'region', 'honeypot'],
  // The page the welcome email's unsubscribe link opens; '{email}' is the agency's address, as a link.
  unsubscribe: ['title', 'metaDescription', 'text', 'confirm', 'confirming', 'success', 'invalid', 'failure', 'noScript'],
  adminScreen: [
    'noScript', 'loading', 'fetchFailed', 'loadError', 'tryAgain', 'countOne', 'countOther', 'refresh', 'tableLabel', 'emailHeader', 'dateHeader', 'idHeader', 'emptyTitle', 'emptyText',
    'exportTitle', 'exportText', 'copyAll', 'copied', 'copyFailed', 'downloadCsv', 'csvEmail', 'csvDate', 'csvId', 'csvFileName',
    'signInTitle', 'signInText', 'password', 'signIn', 'signingIn', 'wrongPassword', 'signInFailed', 'signOut',
    'deleteSubscriber', 'deleteTitle', 'deleteText', 'deleted',
  ],
  // What every admin screen shares: the navigation between them and the delete confirmation.
  adminShell: ['navLabel', 'consultations', 'messages', 'newsletter', 'outbox', 'newCount', 'delete', 'cancel', 'deleting', 'deleteFailed'],
  // The consultation request and contact message screens: list, filter, detail, status, note, emails.
  adminInbox: [
    'searchLabel', 'searchHint', 'statusLabel', 'statusAll', 'statusNew', 'statusContacted', 'statusClosed',
    'received', 'business', 'name', 'contactName', 'service', 'requested', 'requestedDate', 'requestedTime', 'slotTime', 'message', 'noMessage',
    'email', 'phone', 'website', 'notGiven', 'id', 'details',
    'showing', 'previous', 'next', 'pagination', 'exportCsv', 'noMatchesTitle', 'noMatchesText', 'notFoundTitle',
    'saveStatus', 'savingStatus', 'statusChanged', 'history',
    'note', 'noteHint', 'noteCount', 'saveNote', 'savingNote', 'noteSaved', 'noteUpdated', 'saveFailed',
    'emails', 'noEmails', 'emailKind', 'emailTo', 'emailNextAttempt', 'emailQueued', 'emailSent', 'emailFailed', 'emailAttempts', 'emailLastError', 'emailSentAt', 'resend', 'resending', 'resent', 'resendFailed',
  ],
  adminConsultations: inboxKindKeys,
  adminMessages: inboxKindKeys,
  // The outbox screen; it also uses adminInbox's words for an email (status, attempts, Resend) and its pages.
  adminOutbox: [
    'title', 'metaDescription', 'signInText', 'loading', 'fetchFailed', 'loadError', 'countOne', 'countOther', 'tableLabel', 'emptyTitle', 'emptyText', 'noMatchesText',
    'deliveryFolder', 'deliverySmtp', 'created', 'kind', 'subject', 'attemptsOne', 'attemptsOther', 'actions', 'notYet', 'aboutConsultation', 'aboutMessage', 'aboutSubscriber',
    'view', 'viewText', 'viewLoading', 'viewFailed', 'close',
  ],
  // What each email is, by its template (content/emails/<kind>.md): "Confirmation to the visitor".
  emailKinds: ['consultation-notification', 'consultation-confirmation', 'contact-notification', 'contact-acknowledgement', 'newsletter-welcome'],
} as const

type UiKeys = typeof uiKeys
export type UiStrings = { [Group in keyof UiKeys]: { [Key in UiKeys[Group][number]]: string } }

/** 'Showing {from}-{to} of {total} services' with values filled in. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
}
