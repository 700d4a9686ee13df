import type { EmailHoldReason } from '../../contract/wire/inbox.js'
import { emailKinds, isEmailName } from './kinds.js'
import { personKey } from '../../contract/booking/person.js'
import type { StrangerMailBudgets } from '../config.js'
import type { AddressStore, StrangerCounts } from '../store/addresses.js'
import type { EmailRecord } from '../store/records.js'

// 'Bluebonnet Digital <hello@example.com>' -> 'hello@example.com'; a bare address as it is.
const bareAddress = (address: string) => /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address

/**
 * The budgets of emails to strangers (visitor addresses that never used a link of ours): per recipient
 * (MAIL_PER_RECIPIENT_PER_DAY), per client and per network that caused them (clientNetwork.ts), each in 24
 * hours, and for the whole service per hour (config.ts, StrangerMailBudgets). 0 turns one off.
 */
export interface StrangerBudgets extends StrangerMailBudgets {
  perRecipientPerDay: number
}

/** Which budget an email to a stranger would break, from what the store counted; null when it may go. */
export function overBudget(counts: StrangerCounts, budgets: StrangerBudgets, from: EmailRecord['queuedFrom']): EmailHoldReason | null {
  if (budgets.perRecipientPerDay > 0 && counts.recipient >= budgets.perRecipientPerDay) return 'recipient-cap'
  if (from && budgets.perClientPerDay > 0 && counts.client >= budgets.perClientPerDay) return 'client-budget'
  if (from && budgets.perNetworkPerDay > 0 && counts.network >= budgets.perNetworkPerDay) return 'network-budget'
  if (budgets.perHour > 0 && counts.hour >= budgets.perHour) return 'hourly-budget'
  return null
}

/**
 * Who the outbox may write to. The form lets anyone type any address, so it must not become a way to
 * mail strangers in bulk: an email to a visitor address that never used a link of ours is counted
 * against the budgets (StrangerBudgets) and held past any of them, and an address that unsubscribed or
 * bounced gets nothing more. The record and the visitor's answer were never in question: only the
 * email waits, held, for the agency to release it from the Outbox (Resend), which says why. A person
 * who opened their meeting page (or used any signed link of ours) showed the mail is theirs and wanted,
 * and is never counted. The agency's own addresses (NOTIFY_TO, MAIL_FROM, the site's email) are neither:
 * its notifications are how it hears of the leads at all. An email the admin sent again (Resend) goes
 * whatever these rules say: a person looked at it and decided; so does an invitation to the desk an owner sent.
 */
export class RecipientRules {
  private readonly agency: ReadonlySet<string>
  private readonly counting: boolean

  constructor(
    private readonly store: AddressStore,
    private readonly budgets: StrangerBudgets,
    agencyAddresses: readonly string[],
  ) {
    this.agency = new Set(agencyAddresses.map((address) => personKey(bareAddress(address))))
    this.counting = Object.values(budgets).some((budget) => budget > 0)
  }

  /** The visitor addresses among `to` (by personKey): every address that is not the agency's. */
  visitors(to: readonly string[]): string[] {
    return [...new Set(to.map(personKey))].filter((key) => !this.agency.has(key))
  }

  /**
   * Why `email` to `to` must not go, or null to send it. An email to a stranger that may go is counted
   * first (in the store, one at a time across replicas, so every replica counts the same emails); a
   * retry was counted already.
   */
  async holdFor(email: EmailRecord, to: readonly string[], now: Date): Promise<EmailHoldReason | null> {
    if (email.resentAt) return null
    const visitors = this.visitors(to)
    const known = await Promise.all(visitors.map((key) => this.store.recipient(key)))
    if (known.some((recipient) => recipient?.suppressed)) return 'suppressed'
    const [key] = visitors
    // An invitation to the desk goes to an address an owner typed: a person decided, as with Resend. The
    // agency's emails go to the agency, or to the person at the desk who owns the lead.
    const reader = isEmailName(email.kind) ? emailKinds[email.kind].to : null
    const ours = reader === 'colleague' || reader === 'agency'
    if (key === undefined || !this.counting || ours || email.recipientKey || known[0]?.clickedAt) return null
    return this.store.countStranger(email, key, now, (counts) => overBudget(counts, this.budgets, email.queuedFrom))
  }

  /** A mail server refused these recipients for good: the visitors among them get nothing more. */
  async bounced(recipients: readonly string[], now: Date): Promise<void> {
    for (const key of this.visitors(recipients)) await this.store.noteRecipient(key, 'bounced', now)
  }
}
