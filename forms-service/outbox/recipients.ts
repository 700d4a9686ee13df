import type { EmailHoldReason } from '../../contract/wire/inbox.js'
import { personKey } from '../../contract/booking/person.js'
import type { AddressStore } from '../store/addresses.js'
import type { EmailRecord } from '../store/records.js'

/** The cap counts the emails of the last 24 hours (elapsed time: a daylight-saving change moves nothing). */
export const recipientCapMs = 24 * 60 * 60_000

// 'Bluebonnet Digital <hello@example.com>' -> 'hello@example.com'; a bare address as it is.
const bareAddress = (address: string) => /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address

/**
 * Who the outbox may write to. The form lets anyone type any address, so it must not become a way to
 * mail a stranger: a visitor address that never used a link of ours gets at most `perDay` emails in 24
 * hours (MAIL_PER_RECIPIENT_PER_DAY, 0: no cap), and an address that unsubscribed or bounced gets
 * nothing more. A person who opened their meeting page (or used any signed link of ours) showed the
 * mail is theirs and wanted, and is never capped. The agency's own addresses (NOTIFY_TO, MAIL_FROM, the
 * site's email) are neither: its notifications are how it hears of the leads at all. An email the admin
 * sent again (Resend) goes whatever these rules say: a person looked at it and decided.
 */
export class RecipientRules {
  private readonly agency: ReadonlySet<string>

  constructor(
    private readonly store: AddressStore,
    private readonly perDay: number,
    agencyAddresses: readonly string[],
  ) {
    this.agency = new Set(agencyAddresses.map((address) => personKey(bareAddress(address))))
  }

  /** The visitor addresses among `to` (by personKey): every address that is not the agency's. */
  visitors(to: readonly string[]): string[] {
    return [...new Set(to.map(personKey))].filter((key) => !this.agency.has(key))
  }

  /**
   * Why `email` to `to` must not go, or null to send it. A send that may go is counted against its
   * address first (in the store, so every replica counts the same emails); a retry was counted already.
   */
  async holdFor(email: EmailRecord, to: readonly string[], now: Date): Promise<EmailHoldReason | null> {
    if (email.resentAt) return null
    const visitors = this.visitors(to)
    const known = await Promise.all(visitors.map((key) => this.store.recipient(key)))
    if (known.some((recipient) => recipient?.suppressed)) return 'suppressed'
    const [key] = visitors
    if (key === undefined || this.perDay === 0 || email.recipientKey || known[0]?.clickedAt) return null
    const counted = await this.store.countRecipient(email.id, key, now, new Date(now.getTime() - recipientCapMs), this.perDay)
    return counted ? null : 'recipient-cap'
  }

  /** A mail server refused these recipients for good: the visitors among them get nothing more. */
  async bounced(recipients: readonly string[], now: Date): Promise<void> {
    for (const key of this.visitors(recipients)) await this.store.noteRecipient(key, 'bounced', now)
  }
}
