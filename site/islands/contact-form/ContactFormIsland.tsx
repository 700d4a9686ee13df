import type { SiteContent } from '../../content'
import { Island } from '../Island'

/** The home page's contact form (#contact); it hydrates as it scrolls into view. */
export function ContactFormIsland({ content }: { content: SiteContent }) {
  return <Island name="contact-form" hydrate="visible" props={{ labels: content.ui.contactForm }} />
}
