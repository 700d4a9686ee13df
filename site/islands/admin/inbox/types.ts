import type { consultationServices, contactServices, timeSlots } from '../../../../contract/options'
import type { InboxStatus } from '../../../../contract/inbox'
import type { RecordMeeting } from '../../../../contract/meetingApi'

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
  /** Absent until the service sends emails. */
  emails?: RecordEmail[]
}

export type Consultation = InboxRecordBase & {
  businessName: string
  website?: string
  contactName: string
  serviceInterest: (typeof consultationServices)[number]['value']
  /** The requested day, YYYY-MM-DD, in Dallas. */
  date: string
  timeSlot: (typeof timeSlots)[number]['value']
  /** The exact meeting the service gave the request, and its changes. */
  meeting?: RecordMeeting
}

export type Message = InboxRecordBase & {
  name: string
  business: string
  service: (typeof contactServices)[number]['value']
}

export type InboxRecord = Consultation | Message

/** One page of a list, newest first; `total` counts every match of the filter and search. */
export type RecordPage<R> = { items: R[]; total: number; offset: number; limit: number }

export type Summary = {
  consultations: { new: number; total: number }
  messages: { new: number; total: number }
  subscribers: { total: number }
}
