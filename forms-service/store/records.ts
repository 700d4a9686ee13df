import { apiTokenScopes } from '../../contract/wire/apiTokens.js'
import { blockedPostShape, blockShape, type BlockedPostView, type BlockView } from '../../contract/wire/blockList.js'
import {
  consultationShape,
  contactShape,
  emailShape,
  subscriberShape,
  type ConsultationRecord,
  type ContactRecord,
  type EmailRecord,
  type SubscriberRecord,
} from '../../contract/wire/records.js'
import {
  accountShape,
  auditShape,
  deskSettingsShape,
  invitationShape,
  passkeyShape,
  sessionShape,
  type AccountRecord,
  type AuditRecord,
  type DeskSettingsRecord,
  type InvitationRecord,
  type PasskeyRecord,
  type SessionRecord,
} from '../../contract/wire/people.js'
import { listOf, name, oneOf, optional, text, time, type RecordOf, type Shape } from '../../contract/wire/recordShape.js'

// The records themselves are the contract's: the admin reads them (contract/wire/records.ts).
export type { ConsultationRecord, ContactRecord, EmailRecord, SubscriberRecord, Triage } from '../../contract/wire/records.js'

/**
 * An email of a day (the agency's morning digest, contract/wire/records.ts) is about no record; a kind and a day
 * are unique together, so replicas that both queue it queue it once (FormStore.queueDayEmail).
 */
export { agendaKind, digestKind } from '../../contract/wire/records.js'

/** Everything the service keeps; lowdb holds it in memory, oldest first. */
export interface Data {
  consultations: ConsultationRecord[]
  contacts: ContactRecord[]
  newsletterSubscribers: SubscriberRecord[]
  emails: EmailRecord[]
  /** The admin's API tokens, by their hashes (apiTokens.ts). */
  apiTokens: ApiTokenRecord[]
  /** Email and client addresses the admin blocked from the forms (blockList.ts). */
  blocked: BlockRecord[]
  /** The form posts the block list caught: kept whole, in no list or count (contract/wire/blockList.ts). */
  blockedPosts: BlockedPostRecord[]
  /** Visitor addresses that clicked a link of ours, unsubscribed or bounced (recipients.ts). */
  recipients: RecipientRecord[]
  /** The people at the desk (contract/wire/people.ts), removed ones included. */
  accounts: AccountRecord[]
  /** The browsers signed in to the desk: kept, so that they outlive a restart. */
  sessions: SessionRecord[]
  invitations: InvitationRecord[]
  /** Who did what at the desk, oldest first. */
  auditTrail: AuditRecord[]
  /** The people's passkeys (public keys only). */
  passkeys: PasskeyRecord[]
  /** What an owner set for the whole desk: one record, or none while nothing was set. */
  deskSettings: DeskSettingsRecord[]
}

/** A blocked address as stored: the contract's view is all of it. */
export type BlockRecord = BlockView
/** A caught post as stored: the contract's view is all of it. */
export type BlockedPostRecord = BlockedPostView

export const suppressions = ['unsubscribed', 'bounced'] as const
export type Suppression = (typeof suppressions)[number]

/**
 * What the outbox knows of one visitor address, by its personKey (the record's id): when it last used
 * a signed link of ours (then it is no stranger, and not capped), and whether it is suppressed (it
 * unsubscribed, or its mail server refused it for good), then it is sent nothing more.
 */
const recipientShape = {
  id: name(),
  clickedAt: optional(time()),
  suppressed: optional(oneOf(suppressions)),
  suppressedAt: optional(time()),
}
export type RecipientRecord = RecordOf<typeof recipientShape>

/**
 * An API token as stored: its SHA-256 (`tokenHash`), never the token, so a copy of the data opens
 * nothing. What the admin sees of it is the contract's ApiTokenView.
 */
const apiTokenShape = {
  id: name(),
  name: name(),
  tokenHash: text((value) => typeof value === 'string' && /^[\w-]{43}$/.test(value)),
  /** What it may do (contract/wire/apiTokens.ts); a token stored before scopes has apiTokens.ts scopesOfOlderTokens. */
  scopes: listOf(apiTokenScopes),
  createdAt: time(),
  lastUsedAt: optional(time()),
  /** The owner who made it: it stops with them. Absent for a token made before accounts, until the first owner adopts it. */
  accountId: optional(name()),
}
export type ApiTokenRecord = RecordOf<typeof apiTokenShape>

export type Collection = keyof Data

/**
 * Every collection's declared shape (contract/wire/recordShape.ts): what the embedded store checks on load
 * and what PostgreSQL's rows are made of. A lead's form fields are its form's schema's, beside these.
 */
export const recordShapes = {
  consultations: consultationShape,
  contacts: contactShape,
  newsletterSubscribers: subscriberShape,
  emails: emailShape,
  apiTokens: apiTokenShape,
  blocked: blockShape,
  blockedPosts: blockedPostShape,
  recipients: recipientShape,
  accounts: accountShape,
  sessions: sessionShape,
  invitations: invitationShape,
  auditTrail: auditShape,
  passkeys: passkeyShape,
  deskSettings: deskSettingsShape,
} satisfies { [C in Collection]: Shape }
/** The collections of the forms' records and their emails: what `find` and `remove` take. */
export type RecordCollection = Exclude<
  Collection,
  'apiTokens' | 'blocked' | 'blockedPosts' | 'recipients' | 'accounts' | 'sessions' | 'invitations' | 'auditTrail' | 'passkeys' | 'deskSettings'
>
export type StoredRecord<C extends Collection = Collection> = Data[C][number]

export const collections: readonly Collection[] = [
  'consultations',
  'contacts',
  'newsletterSubscribers',
  'emails',
  'apiTokens',
  'blocked',
  'blockedPosts',
  'recipients',
  'accounts',
  'sessions',
  'invitations',
  'auditTrail',
  'passkeys',
  'deskSettings',
]

export const emptyData = (): Data => ({
  consultations: [],
  contacts: [],
  newsletterSubscribers: [],
  emails: [],
  apiTokens: [],
  blocked: [],
  blockedPosts: [],
  recipients: [],
  accounts: [],
  sessions: [],
  invitations: [],
  auditTrail: [],
  passkeys: [],
  deskSettings: [],
})

/**
 * One change to the data. Records are never changed in place: an update replaces the record by a
 * new object, so a snapshot can copy the arrays in an instant and write them at leisure.
 */
export type Change<C extends Collection = Collection> =
  | { collection: C; record: StoredRecord<C> }
  /** Sets fields, and takes optional ones away (`unset`: JSON has no undefined, so a cleared field is named). */
  | { collection: C; id: string; set: Partial<StoredRecord<C>>; unset?: readonly string[] }
  | { collection: C; id: string; deleted: true }

/**
 * One line of the journal: a change, or several that must be durable together (a record and its
 * emails). `seq` orders entries and tells which ones a snapshot already holds.
 */
export type JournalEntry = (Change | { changes: Change[] }) & { seq: number }

export const changesOf = (entry: Change | { changes: Change[] }): Change[] => ('changes' in entry ? entry.changes : [entry])
