import type { SiteContent } from '../content'
import type { IslandProps } from '../islands/registry'

/** The newsletter form's words, the same on the blog, at the end of an article and in the footer. */
export function newsletterForm(ui: SiteContent['ui']): IslandProps<'newsletter'> {
  const { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing } = ui.blog
  return { labels: { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing, ...ui.newsletter } }
}
