import type { Suspicion } from '../contract/wire/records.js'

/**
 * The spam rule (docs/operators.md, "Spam"): a request or message is *suspected* when its form was sent sooner
 * after its page loaded than a person can read a page and fill a form, or when its message is made
 * mostly of links. Suspected is not spam: the lead is stored New with its mark, its meeting held, and the
 * agency told "possible spam" with one click for Not spam or Spam. Only the honeypot is certainly a bot.
 *
 * The time is measured from the page's load (the widgets send `performance.now()` at submit, since the
 * navigation started; site/forms/useSubmission.ts), not from the dialog's opening: a person reads the
 * page before opening the form, and autofill then fills the dialog in well under a second. A bot that
 * posts at once, or loads the page and submits within 3 s, is caught; no person reads a page, opens
 * the dialog and fills it in 3 s, autofill or not. Without JavaScript there is no time, so no suspicion.
 */
export const spamRule = {
  /** From page load to submit: no person loads a page, opens the form, fills it in and sends it this fast. */
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

/** Why a form is suspected, if it is: `elapsedMs` is the time since its page loaded that the widget measured (none without JavaScript). */
export function suspicionOf(form: { message?: string }, elapsedMs: number | undefined): Suspicion | undefined {
  if (elapsedMs !== undefined && elapsedMs < spamRule.minElapsedMs) return 'fast'
  return mostlyLinks(form.message) ? 'links' : undefined
}
