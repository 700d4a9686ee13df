import type { BlockedPostView, UnblockedPost } from '../../../contract/wire/blockList'
import { urls } from '../../../contract/wire/urls'
import type { BlockedLabels } from '../labels'
import { recordPath, type AdminScreenName } from '../screens'

/**
 * Who sent a caught post, as the form had them: the name first, then the business and the email;
 * a newsletter sign-up has its email only.
 */
export function senderOf(post: BlockedPostView): { name: string; details: string[] } {
  switch (post.form) {
    case 'consultation':
      return { name: post.fields.contactName, details: [post.fields.businessName, post.fields.email] }
    case 'contact':
      return { name: post.fields.name, details: [post.fields.business, post.fields.email] }
    case 'newsletter':
      return { name: post.fields.email, details: [] }
  }
}

/** Where Unblock put a post: the screen it is on now, and the words of the link there. */
const destinations = {
  consultations: { screen: 'consultations', open: 'openConsultation' },
  contacts: { screen: 'messages', open: 'openContact' },
  newsletterSubscribers: { screen: 'newsletter', open: 'openNewsletter' },
} as const satisfies Record<UnblockedPost['collection'], { screen: AdminScreenName; open: keyof BlockedLabels }>

/** The screen a moved post is on now, and its address: the record's own page, or the subscribers (who have none). */
export function destinationOf({ collection, id }: UnblockedPost) {
  const { screen, open } = destinations[collection]
  return { screen, open, href: screen === 'newsletter' ? urls.admin.newsletter : recordPath(screen, id) }
}
