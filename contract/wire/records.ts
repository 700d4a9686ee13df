import { meetingStates, type Meeting, type MeetingChange } from '../booking/booking.js'
import type { ConsultationRequest } from './consultation.js'
import type { ContactRequest } from './contact.js'
import { emailHoldReasons, emailStates, inboxStatuses, type InboxStatus } from './inbox.js'
import { integer, isTextRecord, json, name, oneOf, optional, orNull, text, time, type RecordOf } from './recordShape.js'
import type { LeadSource } from './source.js'

// The records the service stores and what its admin API answers about them. The form fields come
// from the form schemas (ConsultationRequest, ContactRequest): renaming a field there renames it here,
// in the service and in the admin screens alike.

/**
 * What the service stamps on a lead. Ids and timestamps are made by the service; nothing a client sends
 * becomes one. Each stored record is declared as a shape like this one (contract/wire/recordShape.ts): its
 * type, both stores' handling of it and the property test's records come from the declaration.
 */
const stampedShape = {
  id: name(),
  receivedAt: time(),
  /** A digest of the submission attempt's key: the same attempt again within 24 hours is this record. */
  submissionKey: optional(text()),
}

/**
 * Why the spam rule suspects a lead (forms-service/spam.ts): sent sooner after its page loaded than a
 * person can ('fast'), or a message made mostly of links ('links'). A suspected lead is a New lead all the
 * same, told to the agency as "possible spam".
 */
export const suspicions = ['fast', 'links'] as const
export type Suspicion = (typeof suspicions)[number]

/**
 * Who made a change at the desk: an account's id, `bootstrap` (ADMIN_PASSWORD before the first owner) or
 * `token:<id>`. None when the visitor or the service made it (a booking, a cancellation from the email).
 */
export interface ChangedBy {
  by?: string
}
const isChangedBy = (by: unknown) => by === undefined || (typeof by === 'string' && by.length > 0)

/** A change of a lead's status; `meetingCancelled` when its meeting ahead was cancelled with it (Spam, or Closed when asked). */
export interface StatusChange extends ChangedBy {
  status: InboxStatus
  at: string
  meetingCancelled?: true
}
const isStatusChange = (value: unknown) => {
  const change = value as Partial<Record<keyof StatusChange, unknown>> | null
  return (
    typeof change === 'object' &&
    change !== null &&
    inboxStatuses.includes(change.status as InboxStatus) &&
    typeof change.at === 'string' &&
    (change.meetingCancelled === undefined || change.meetingCancelled === true) &&
    isChangedBy(change.by)
  )
}

/** What the agency adds to a lead. Records stored before the inbox existed have none of it: they are new. */
const triageShape = {
  status: optional(oneOf(inboxStatuses)),
  /** Set when it arrived suspected; `null` once the agency said it is not spam (the mark cleared). */
  suspicion: optional(orNull(oneOf(suspicions))),
  /** Every change of status after the first ('new' at `receivedAt`), oldest first. */
  statusChanges: optional(json<StatusChange[]>((value) => Array.isArray(value) && value.every(isStatusChange))),
  note: optional(text()),
  noteUpdatedAt: optional(time()),
  /** Who wrote the note last (ChangedBy). */
  noteUpdatedBy: optional(name()),
  /**
   * The person at the desk who answers it (an account's id): given on arrival by round robin
   * (forms-service/people/leadOwner.ts), changed by anyone at the desk. None before accounts existed.
   */
  owner: optional(name()),
}
export type Triage = RecordOf<typeof triageShape>

// A meeting (contract/booking/booking.ts) as the stores hold it: replaced whole on every change.
const isMeeting = (value: unknown) => {
  const meeting = value as Partial<Record<keyof Meeting, unknown>> | null
  return (
    typeof meeting === 'object' &&
    meeting !== null &&
    typeof meeting.id === 'string' &&
    time().check(meeting.start) &&
    time().check(meeting.end) &&
    meetingStates.includes(meeting.state as Meeting['state']) &&
    Number.isSafeInteger(meeting.sequence) &&
    Array.isArray(meeting.history)
  )
}

/**
 * What the service keeps of a form: every field but the spam checks' (the honeypot, the time on screen)
 * and the start the visitor picked, which the meeting holds.
 */
type FormOnly = '_gotcha' | '_elapsedMs' | 'start'
/**
 * What the service keeps of a lead besides its form's fields (which the form's schema declares): a message's
 * stamp and triage, and a request's also its meeting and where it was booked from.
 */
export const contactShape = { ...stampedShape, ...triageShape }
export const consultationShape = {
  ...contactShape,
  /** A request stored since booking began carries its meeting (requests stored before have none). */
  meeting: optional(json<Meeting>(isMeeting)),
  /**
   * A keyed hash (HMAC with the service's secret) of the client address it was booked from, never the
   * address itself: the per-address cap counts by it (forms-service/booking/caps.ts). The admin never sees it.
   */
  clientKey: optional(text()),
  /** The same of the client's network (an IPv4 /24, an IPv6 /56: forms-service/clientNetwork.ts), for the per-network cap. */
  networkKey: optional(text()),
  /**
   * That network as a prefix ('203.0.113.0/24', '2001:db8:1::/56'): hundreds of addresses, no one
   * visitor's. The admin sees it, so that "Spam and block" can block the network a flood came from.
   */
  network: optional(text()),
}
export type ConsultationRecord = RecordOf<typeof consultationShape> & Omit<ConsultationRequest, FormOnly>
export type ContactRecord = RecordOf<typeof contactShape> & Omit<ContactRequest, FormOnly>

/**
 * The fields of each form the service keeps. The tables at the seams are keyed by them (the admin's record
 * page, the CSV columns, the agency's notification), each field shown or `hidden`: a new field of a form
 * is a type error in each until it says which.
 */
export type ContactFields = Omit<ContactRequest, FormOnly>
export type ConsultationFields = Omit<ConsultationRequest, FormOnly>
export type InboxRecord = ConsultationRecord | ContactRecord

export const subscriberShape = {
  id: name(),
  email: text((value) => typeof value === 'string' && value.includes('@')),
  subscribedAt: time(),
  /** Where the sign-up came from (contract/wire/source.ts); none on sign-ups stored before it was kept. */
  source: optional(json<LeadSource>(isTextRecord)),
}
export type SubscriberRecord = RecordOf<typeof subscriberShape>

export type EmailState = (typeof emailStates)[number]

/**
 * The agency's morning digest: an email of a day, about no record. Its `about` is
 * `{ collection: 'consultations', id: <YYYY-MM-DD> }`, an id no record has (the outbox links it to the inbox).
 */
export const digestKind = 'morning-digest'
/** The day's agenda that versions before the digest queued, about a day the same way; one still queued is not sent. */
export const agendaKind = 'meeting-agenda'

/** The agency's notice that bookings came faster than the pace (forms-service/booking/challenge.ts): one a day at most, about the day. */
export const bookingCheckKind = 'booking-check'

/** An email about a day rather than a record: the digest, the booking check's notice, or an agenda an older version queued. */
export const isDayEmail = (email: Pick<EmailRecord, 'kind'>) => email.kind === digestKind || email.kind === agendaKind || email.kind === bookingCheckKind

const emailAboutCollections = ['consultations', 'contacts', 'newsletterSubscribers', 'invitations', 'accounts'] as const
/**
 * An email the service owes someone, in the outbox. It holds no text: it is rendered from its record
 * and the templates when it is sent, so erasing a record erases what its emails would say.
 */
export const emailShape = {
  id: name(),
  /** The record it is about: a request, a message, a subscriber, an invitation to the desk or a person at it. */
  about: json<{ collection: (typeof emailAboutCollections)[number]; id: string }>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      emailAboutCollections.includes(Reflect.get(value, 'collection')) &&
      typeof Reflect.get(value, 'id') === 'string',
  ),
  /** Which template (`content/emails/<kind>.md`): 'consultation-confirmation'. */
  kind: name(),
  createdAt: time(),
  /** When it was last queued: at creation, or by the admin's Resend. Retries stop 48 hours after. */
  queuedAt: optional(time()),
  state: oneOf(emailStates),
  attempts: integer(),
  /** When a queued email is due (after a failed attempt, later and later). */
  nextAttemptAt: time(),
  lastError: optional(text()),
  sentAt: optional(time()),
  /** The recipient and subject as sent, for the admin's outbox list: absent until the first attempt. */
  to: optional(text()),
  subject: optional(text()),
  /** The local outbox's file of this email (without SMTP_URL), relative to the outbox folder. */
  file: optional(text()),
  /** The id (X-Request-Id) of the request that queued it, or queued it again: on the sender's log lines. */
  queuedByRequest: optional(text()),
  /** Why a held email was not sent. */
  heldFor: optional(oneOf(emailHoldReasons)),
  /**
   * The visitor address (its personKey) this email counts against, and when it was counted: the day's
   * cap per recipient counts these, across replicas. Absent for the agency's own emails.
   */
  recipientKey: optional(text()),
  recipientAt: optional(time()),
  /** When the admin last queued it again (Resend): their decision, which the recipient rules do not hold back. */
  resentAt: optional(time()),
  /**
   * The client and network of the request that queued it, as keyed hashes (forms-service/clientNetwork.ts):
   * the budgets of emails to strangers count by them. The admin never sees them.
   */
  queuedFrom: optional(
    json<{ client: string; network: string }>(
      (value) =>
        typeof value === 'object' && value !== null && typeof Reflect.get(value, 'client') === 'string' && typeof Reflect.get(value, 'network') === 'string',
    ),
  ),
}
export type EmailRecord = RecordOf<typeof emailShape>

/** What the admin reads of a lead: its status and full history (first entry: new at receivedAt), and a note that is never missing. */
export type InboxView<R extends InboxRecord> = Omit<R, 'status' | 'statusChanges' | 'note' | 'submissionKey' | 'clientKey' | 'networkKey'> & {
  status: InboxStatus
  statusHistory: StatusChange[]
  note: string
  /** Still new `answerWithinHours` after it arrived (contract/wire/inbox.ts isOverdue), at the time of the answer. */
  overdue: boolean
} & ActorNamesView

/**
 * The name of each person (or token) a view mentions, by the id it mentions them with (ChangedBy's `by`): the
 * desk says "Contacted by Ana", never an id. A removed person keeps their name here.
 */
export interface ActorNamesView {
  names: Record<string, string>
}
/** What both kinds of lead have, as the admin reads them. */
export type InboxViewBase = InboxView<InboxRecord>
export type ConsultationView = InboxView<ConsultationRecord>
export type MessageView = InboxView<ContactRecord>
/** Another record of the same address, as a record's page links it. */
export interface RelatedRecord {
  id: string
  receivedAt: string
  status: InboxStatus
}
/** One person, one history: the same address's other requests and messages (newest first) and its subscription. */
export interface RelatedRecords {
  consultations: RelatedRecord[]
  messages: RelatedRecord[]
  subscriber: { id: string; subscribedAt: string } | null
}
/**
 * One event of a person's timeline (GET /api/admin/person/:collection/:id): a request or a message
 * received, a status change, a meeting booked, moved, cancelled, held or missed, an email sent, a
 * subscription. Each names the record it belongs to, to open it.
 */
export type TimelineEvent = { at: string; collection: 'consultations' | 'contacts'; recordId: string } & (
  | { kind: 'received' }
  | ({ kind: 'status'; status: InboxStatus; meetingCancelled?: true } & ChangedBy)
  | ({ kind: 'meeting'; state: MeetingChange['state']; start?: string; lead?: MeetingChange['lead'] } & ChangedBy)
  | { kind: 'email'; email: string; to?: string }
)

/** One person (the same folded address or phone, contract/booking/person.ts): their records and what happened, newest first. */
export interface PersonTimeline {
  /** The person's records as links: the one asked about among them. */
  records: Array<{ collection: 'consultations' | 'contacts'; id: string; receivedAt: string; status: InboxStatus; business: string; name: string }>
  /** When the address subscribed to the newsletter, if it did. */
  subscribedAt: string | null
  events: TimelineEvent[]
  /** More records than the timeline reads (`personRecordLimit` of each kind): the oldest are left out. */
  truncated: boolean
  /** Who made the changes its events name (ChangedBy). */
  names: Record<string, string>
}

/** How many requests and how many messages of one person a timeline reads. */
export const personRecordLimit = 100

/** A lead as its own page shows it: with its emails and the same address's other records. */
export type InboxDetail<V> = V & { emails: EmailView[]; related: RelatedRecords }

/** What the admin sees of an email: when it is due only while it is queued. */
export type EmailView = Omit<EmailRecord, 'nextAttemptAt' | 'queuedAt' | 'queuedByRequest' | 'recipientKey' | 'recipientAt' | 'resentAt' | 'queuedFrom'> & {
  nextAttemptAt?: string
  /** Why it would not be sent again (an update of a meeting since cancelled): no Resend then. */
  superseded?: string
}

/** One page of an admin list, newest first; `total` counts every match of the filter and search. */
export interface ListPage<T> {
  items: T[]
  total: number
  offset: number
  limit: number
}

/** The outbox's page also says where emails go: an SMTP server, or the local folder. */
export type OutboxPage = ListPage<EmailView> & { delivery: 'smtp' | 'folder' }

/** The counts of the admin's navigation. */
export interface Summary {
  consultations: InboxCounts
  messages: InboxCounts
  subscribers: { total: number }
  /** Meetings of the agenda's Past view that have begun and are not marked held or no-show yet (a spam lead's aside): it lists them first. */
  meetings: { unmarked: number }
  /** The last erasure of old records (null until the service has run one, or without the setting). */
  retention: RetentionSummary | null
  /** The form posts the block list caught this week (from Monday, in the agency's zone, as the Overview's week) and all it holds. */
  blocked: { thisWeek: number; total: number }
}

/** An inbox's counts: spam apart, never among the leads. */
export interface InboxCounts {
  new: number
  overdue: number
  spam: number
  /** New, contacted and closed. */
  total: number
}

/** The daily erasure of requests and messages older than content/site.json's `retentionMonths`. */
export interface RetentionSummary {
  months: number
  /** Requests and messages received before this instant are erased. */
  before: string | null
  lastRunAt: string | null
  erased: number | null
}
