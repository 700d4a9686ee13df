import type { consultationServices, contactServices, timeSlots } from '../../../../contract/options'
import type { InboxStatus } from '../../../../contract/inbox'

// What the admin API answers (GET /api/admin/{consultations,messages}[/:id]).

export type { InboxStatus }

/** A confirmation or notification email of a record, and where its sending stands. */
export type RecordEmail = {
  id: string
  /** Its template: 'consultation-confirmation'. */
  kind: string
  /** Recipient and subject as sent: absent until the first attempt. */
  to?: string
  subject?: string
  state: 'queued' | 'sent' | 'failed'
  attempts: number
  /** When a queued email is due. */
  nextAttemptAt?: string
  lastError?: string
  sentAt?: string
}

/** What both kinds of lead have: the agency's status, its history (first entry: new at receivedAt) and note. */
export type InboxRecordBase = {
  id: string
  receivedAt: string
  email: string
  phone: string
  message?: string
  status: InboxStatus
  statusHistory: { status: InboxStatus; at: string }[]
  note: string
  noteUpdatedAt?: string
  /** Still New 24 hours after it arrived (contract/inbox.ts isOverdue), at the time of the answer. */
  overdue?: boolean
  /** Absent until the service sends emails. */
  emails?: RecordEmail[]
  /** On a record's own page: the same address's other records and its subscription. */
  related?: RelatedRecords
}

type RelatedRecord = { id: string; receivedAt: string; status: InboxStatus }

export type RelatedRecords = { consultations: RelatedRecord[]; messages: RelatedRecord[]; subscriber: { id: string; subscribedAt: string } | null }

export type Consultation = InboxRecordBase & {
  businessName: string
  website?: string
  contactName: string
  serviceInterest: (typeof consultationServices)[number]['value']
  /** The requested day, YYYY-MM-DD, in Dallas. */
  date: string
  timeSlot: (typeof timeSlots)[number]['value']
}

export type Message = InboxRecordBase & {
  name: string
  business: string
  service: (typeof contactServices)[number]['value']
}

export type InboxRecord = Consultation | Message

/** One page of a list, newest first; `total` counts every match of the filter and search. */
export type RecordPage<R> = { items: R[]; total: number; offset: number; limit: number }

type InboxCounts = { new: number; overdue: number; spam: number; total: number }

export type Summary = {
  consultations: InboxCounts
  messages: InboxCounts
  subscribers: { total: number }
}
