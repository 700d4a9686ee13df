import { consultationSchema } from '../../../contract/wire/consultation.js'
import { contactSchema } from '../../../contract/wire/contact.js'
import { emailHoldReasons, emailStates, inboxStatuses } from '../../../contract/wire/inbox.js'
import { blockKinds } from '../../../contract/wire/blockList.js'
import { apiTokenScopes } from '../../../contract/wire/apiTokens.js'
import { meetingStates } from '../../../contract/booking/booking.js'
import { suspicions } from '../../../contract/wire/records.js'
import { suppressions, type Change, type Collection, type ConsultationRecord, type RecipientRecord } from '../records.js'
import type { Triage, ConsultationFields } from '../../../contract/wire/records.js'
import type { EmailUpdate } from '../outboxStore.js'

/** A check of one field's value as the journal holds it. */
type Check = (value: unknown) => boolean
/**
 * A check for every field of `Fields`: a field added to a record's type without its check here is a
 * compile error, not a journal line the next start refuses (the PostgreSQL side: postgres/rows.ts).
 */
type ChecksOf<Fields> = { [K in keyof Fields]-?: Check }

const isText = (value: unknown) => typeof value === 'string'
const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))
const isScopeList = (value: unknown) =>
  Array.isArray(value) &&
  value.length > 0 &&
  new Set(value).size === value.length &&
  value.every((scope) => (apiTokenScopes as readonly unknown[]).includes(scope))
// Where a lead came from (contract/wire/source.ts): the one form field that is not text but an object of texts.
const isSource = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isText)

/** What the service adds to a record, and which of it an update may change, with a check per field. */
const triageFields = {
  status: (value) => (inboxStatuses as readonly unknown[]).includes(value),
  statusChanges: (value) => Array.isArray(value),
  note: isText,
  noteUpdatedAt: isTime,
  // Why the spam rule suspected it, or null once the agency said Not spam.
  suspicion: (value) => value === null || (suspicions as readonly unknown[]).includes(value),
} satisfies ChecksOf<Triage>
// Every field an outcome may set but `message`, which the embedded store does not keep (outboxStore.ts).
const emailFields = {
  state: (value) => (emailStates as readonly unknown[]).includes(value),
  attempts: (value) => Number.isSafeInteger(value),
  nextAttemptAt: isTime,
  queuedAt: isTime,
  lastError: isText,
  sentAt: isTime,
  to: isText,
  subject: isText,
  file: isText,
  queuedByRequest: isText,
  heldFor: (value) => (emailHoldReasons as readonly unknown[]).includes(value),
  recipientKey: isText,
  recipientAt: isTime,
  resentAt: isTime,
  // The keyed hashes of the client and network that queued it (forms-service/clientNetwork.ts).
  queuedFrom: (value) => typeof value === 'object' && value !== null && isText(Reflect.get(value, 'client')) && isText(Reflect.get(value, 'network')),
} satisfies ChecksOf<Omit<EmailUpdate, 'message'>>
const recipientFields = {
  clickedAt: isTime,
  suppressed: (value) => (suppressions as readonly unknown[]).includes(value),
  suppressedAt: isTime,
} satisfies ChecksOf<Omit<RecipientRecord, 'id'>>
// A meeting (contract/booking/booking.ts) as the journal holds it: replaced whole on every change.
const isMeeting = (value: unknown) => {
  const meeting = value as Record<string, unknown> | null
  return (
    typeof meeting === 'object' &&
    meeting !== null &&
    isText(meeting.id) &&
    isTime(meeting.start) &&
    isTime(meeting.end) &&
    (meetingStates as readonly unknown[]).includes(meeting.state) &&
    Number.isSafeInteger(meeting.sequence) &&
    Array.isArray(meeting.history)
  )
}
// `clientKey`, `networkKey`: the keyed hashes of the client and the network it was booked from (forms-service/clientNetwork.ts);
// `network`: that network's prefix.
const consultationFields = {
  ...triageFields,
  meeting: isMeeting,
  clientKey: isText,
  networkKey: isText,
  network: isText,
} satisfies ChecksOf<Omit<ConsultationRecord, keyof ConsultationFields | 'id' | 'receivedAt' | 'submissionKey'>>

const changeable: Record<Collection, Record<string, Check>> = {
  consultations: consultationFields,
  contacts: triageFields,
  newsletterSubscribers: {},
  emails: emailFields,
  apiTokens: { lastUsedAt: isTime },
  blocked: { expiresAt: isTime },
  blockedPosts: {},
  recipients: recipientFields,
}

/**
 * What is wrong with a change read back from disk, naming the field, or null. Checked for every
 * journal line before any file is changed, so damage stops the start instead of being folded in.
 *
 *     problemOf({ collection: 'contacts', record: { id: 'x', receivedAt: '…', name: 'Ann' } })
 *     // 'contacts record x: email: Email is required'
 */
export function problemOf(change: Change): string | null {
  if ('record' in change) {
    const record = change.record as unknown as Record<string, unknown>
    const problem = recordProblem(change.collection, record)
    return problem && `${change.collection} record ${String(record.id)}: ${problem}`
  }
  if ('deleted' in change) return null
  for (const [field, value] of Object.entries(change.set)) {
    const check = changeable[change.collection][field]
    if (!check) return `${change.collection} update of ${change.id}: ${field} cannot be changed`
    if (!check(value)) return `${change.collection} update of ${change.id}: ${field} is not valid`
  }
  return null
}

function recordProblem(collection: Collection, record: Record<string, unknown>): string | null {
  if (!isText(record.id) || record.id === '') return 'id: missing'
  switch (collection) {
    case 'consultations':
    case 'contacts': {
      if (!isTime(record.receivedAt)) return 'receivedAt: missing or not a time'
      const { id: _id, receivedAt: _receivedAt, submissionKey, ...rest } = record
      if (submissionKey !== undefined && !isText(submissionKey)) return 'submissionKey: not text'
      const form: Record<string, unknown> = {}
      const serviceFields: Record<string, Check> = collection === 'consultations' ? consultationFields : triageFields
      for (const [field, value] of Object.entries(rest)) {
        const check = serviceFields[field]
        if (check) {
          if (!check(value)) return `${field}: not valid`
        } else form[field] = value
      }
      // The shape of the form, not today's rules: a record stored under older rules still loads.
      const schema = collection === 'consultations' ? consultationSchema : contactSchema
      for (const field of schema.required) if (!isText(form[field]) || form[field] === '') return `${field}: missing`
      for (const [field, value] of Object.entries(form)) {
        if (!Object.hasOwn(schema.properties, field) || field === '_gotcha') return `${field}: not a field of this form`
        if (field === 'source' ? !isSource(value) : !isText(value)) return `${field}: not text`
      }
      return null
    }
    case 'newsletterSubscribers':
      if (!isText(record.email) || !String(record.email).includes('@')) return 'email: missing or not an address'
      if (record.source !== undefined && !isSource(record.source)) return 'source: not valid'
      return isTime(record.subscribedAt) ? null : 'subscribedAt: missing or not a time'
    case 'emails': {
      const about = record.about as Record<string, unknown> | undefined
      if (!about || !isText(about.id) || !isText(about.collection)) return 'about: missing'
      if (!isText(record.kind) || !isTime(record.createdAt)) return 'kind or createdAt: missing'
      for (const field of ['state', 'attempts', 'nextAttemptAt'] as const) if (!emailFields[field]!(record[field])) return `${field}: not valid`
      return null
    }
    case 'apiTokens':
      if (!isText(record.name) || !/^[\w-]{43}$/.test(String(record.tokenHash))) return 'name or tokenHash: missing'
      if (!isTime(record.createdAt) || (record.lastUsedAt !== undefined && !isTime(record.lastUsedAt))) return 'createdAt or lastUsedAt: not a time'
      // None on a token stored before scopes: olderRecords.ts gives it its scopes.
      return record.scopes === undefined || isScopeList(record.scopes) ? null : 'scopes: not a list of known scopes'
    case 'blocked':
      if (!(blockKinds as readonly unknown[]).includes(record.kind) || !isText(record.value) || record.value === '') return 'kind or value: missing'
      if (!isText(record.reason) || (record.by !== 'admin' && record.by !== 'token')) return 'reason or by: missing'
      if (record.expiresAt !== undefined && !isTime(record.expiresAt)) return 'expiresAt: not a time'
      return isTime(record.createdAt) ? null : 'createdAt: missing or not a time'
    case 'blockedPosts': {
      if (!isTime(record.receivedAt)) return 'receivedAt: missing or not a time'
      const caughtBy = record.caughtBy as Record<string, unknown> | undefined
      if (!caughtBy || !(blockKinds as readonly unknown[]).includes(caughtBy.kind) || !isText(caughtBy.value)) return 'caughtBy: missing'
      const fields = record.fields as Record<string, unknown> | undefined
      if (!['consultation', 'contact', 'newsletter'].includes(String(record.form)) || typeof fields !== 'object' || fields === null)
        return 'form or fields: missing'
      if (!isText(fields.email)) return 'fields: email missing'
      return Object.entries(fields).every(([field, value]) => (field === 'source' ? isSource(value) : isText(value))) ? null : 'fields: not text'
    }
    case 'recipients':
      for (const [field, value] of Object.entries(record))
        if (field !== 'id' && !(recipientFields as Record<string, Check>)[field]?.(value)) return `${field}: not valid`
      return null
  }
}
