import type { SiteContent } from '../../content'
import { Island } from '../Island'
import NewsletterForm from './NewsletterForm'

/** The blog list's newsletter sign-up, with its heading, text and toasts. */
export function NewsletterIsland({ content }: { content: SiteContent }) {
  const { blog, newsletter } = content.ui
  const labels = {
    newsletterTitle: blog.newsletterTitle,
    newsletterText: blog.newsletterText,
    newsletterEmailLabel: blog.newsletterEmailLabel,
    newsletterPlaceholder: blog.newsletterPlaceholder,
    subscribe: blog.subscribe,
    subscribing: blog.subscribing,
    ...newsletter,
  }
  return <Island name="newsletter" component={NewsletterForm} hydrate="visible" props={{ labels }} />
}
