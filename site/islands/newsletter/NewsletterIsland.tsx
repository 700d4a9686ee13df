import type { SiteContent } from '../../content'
import { Island } from '../Island'

/** The blog list's newsletter form and its toasts; the page gives it the heading and the dark card. */
export function NewsletterIsland({ content }: { content: SiteContent }) {
  const { blog, newsletter } = content.ui
  const labels = {
    newsletterEmailLabel: blog.newsletterEmailLabel,
    newsletterPlaceholder: blog.newsletterPlaceholder,
    subscribe: blog.subscribe,
    subscribing: blog.subscribing,
    ...newsletter,
  }
  return <Island name="newsletter" hydrate="visible" props={{ labels }} />
}
