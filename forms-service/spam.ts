import type { ArrivalStatus } from './store/formStore.js'

/**
 * The spam rule (docs/operators.md, "Spam"): a request or message arrives as spam when its form was sent faster
 * than a person can fill it in, or when its message is made mostly of links. The agency sees it in
 * the Spam view and restores it with one click; nothing else is lost.
 */
export const spamRule = {
  /** No person types a name, an address, a phone number and a business this fast. */
  minElapsedMs: 3000,
  /** A message of this many links or more... */
  minLinks: 2,
  /** ...whose links are more than this share of its visible characters. */
  linkShare: 0.5,
} as const

const link = /\b(?:https?:\/\/|www\.)\S+/gi

/** Whether a message is made mostly of links: two or more, making up more than half of its visible text. */
export function mostlyLinks(message: string | undefined): boolean {
  if (!message) return false
  const links = message.match(link) ?? []
  if (links.length < spamRule.minLinks) return false
  const visible = message.replace(/\s/g, '').length
  const linked = links.reduce((sum, text) => sum + text.length, 0)
  return linked > visible * spamRule.linkShare
}

/** How a form arrives: `elapsedMs` is the time on screen the widget measured (none without JavaScript). */
export function arrivalStatus(form: { message?: string }, elapsedMs: number | undefined): ArrivalStatus {
  if (elapsedMs !== undefined && elapsedMs < spamRule.minElapsedMs) return 'spam'
  return mostlyLinks(form.message) ? 'spam' : 'new'
}
