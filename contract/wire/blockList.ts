import type { FromSchema } from 'json-schema-to-ts'
import { emailPattern, maxLength, plainLinePattern } from '../forms/limits.js'
import { maxBulkIds, paging } from './inbox.js'
import { prefixes } from './networks.js'
import type { NewsletterRequest } from './newsletter.js'
import { isTextRecord, json, name, oneOf, optional, text, time, type RecordOf, type ShapeOf } from './recordShape.js'
import type { ConsultationFields, ContactFields } from './records.js'

/**
 * What the admin can block from booking and sending the forms: an email address (kept as its
 * contract/booking/person.ts personKey, so `Ann.Lee+x@gmail.com` blocks `annlee@gmail.com` and its spellings),
 * or a client address (an IP as TRUST_PROXY reads it, or a CIDR range such as `203.0.113.0/24`) of at
 * most one network (networks.ts): a block of `0.0.0.0/0`, or `/1` by a typo, would catch every visitor.
 */
export const blockKinds = ['email', 'client'] as const
export type BlockKind = (typeof blockKinds)[number]

/** The longest block for a time; a longer one is a block until removed. */
export const maxBlockDays = 365

/** How long "Spam and block" blocks the networks of a burst: a flood moves on within days, a real visitor of that network may come back. */
export const burstBlockDays = 7

/** How long the admin's reason may be: a line, not a file. */
export const blockReasonMax = 200

/** What the service answers on `values` for an address it cannot block (checked per kind: node:net reads a client address). */
export const blockValueMessages = {
  email: 'Enter an email address like name@example.com',
  client: 'Enter an IP address like 203.0.113.7 or a range like 203.0.113.0/24',
} as const satisfies Record<BlockKind, string>

/** What the service answers on `values` for a range wider than one network. */
export const blockTooWideMessage = `A block reaches at most one network: a range up to an IPv4 /${prefixes.network.ipv4} or an IPv6 /${prefixes.network.ipv6}, so that no typo blocks every visitor`

/** Whether `value` looks like an email address (the forms' own pattern). */
export const looksLikeEmail = (value: string) => new RegExp(emailPattern, 'u').test(value)

/** POST /api/admin/blocked: one or more addresses of one kind (the inbox's "Spam and block" sends a page of them). */
export const blockAddSchema = {
  $id: 'blockAdd',
  type: 'object',
  properties: {
    kind: { type: 'string', enum: blockKinds, errorMessage: `kind must be one of ${blockKinds.join(', ')}` },
    values: {
      type: 'array',
      minItems: 1,
      maxItems: maxBulkIds,
      items: { type: 'string', minLength: 1, maxLength: maxLength.email, pattern: plainLinePattern },
      errorMessage: `Enter 1 to ${maxBulkIds} addresses`,
    },
    /** Blocks for this many days only (the inbox's "Spam and block" blocks a flood's networks so); without it, until removed. */
    days: { type: 'integer', minimum: 1, maximum: maxBlockDays, errorMessage: `days must be a whole number from 1 to ${maxBlockDays}` },
    reason: {
      type: 'string',
      maxLength: blockReasonMax,
      pattern: plainLinePattern,
      errorMessage: { type: 'Reason must be text', maxLength: `Reason must be at most ${blockReasonMax} characters`, pattern: 'Reason must be one plain line' },
    },
  },
  required: ['kind', 'values'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { kind: 'Send the kind of address: email or client', values: 'Enter an address' },
    additionalProperties: 'Only kind, values, days and reason are accepted',
  },
} as const

export type BlockAdd = FromSchema<typeof blockAddSchema>

/** One blocked address, with who blocked it, when and why: stored as the admin sees it. */
export const blockShape = {
  id: name(),
  kind: oneOf(blockKinds),
  /** The email's personKey, or the IP or CIDR range as the service wrote it. */
  value: name(),
  reason: text(),
  /** 'admin' (signed in, or with the password) or 'token' (an API token). */
  by: oneOf(['admin', 'token']),
  createdAt: time(),
  /** A block for a time ends here (and is then applied no more); none: until removed. */
  expiresAt: optional(time()),
}
export type BlockView = RecordOf<typeof blockShape>

/**
 * A form post the block list caught. It is stored whole (a wrong block loses no lead) but is in no list,
 * count, digest or email: the admin's Blocked view shows it, and Unblock moves it to its inbox (or the
 * subscribers) as it arrived. `caughtBy` names the entry that caught it, also once that entry is removed.
 */
export type BlockedPostView = {
  id: string
  receivedAt: string
  caughtBy: { kind: BlockKind; value: string }
} & (
  | { form: 'consultation'; fields: ConsultationFields & { start?: string } }
  | { form: 'contact'; fields: ContactFields }
  | { form: 'newsletter'; fields: Omit<NewsletterRequest, '_gotcha'> }
)

const blockedForms = ['consultation', 'contact', 'newsletter'] as const
/** A caught post as stored: its type is the union above, each form with its fields. */
export const blockedPostShape = {
  id: name(),
  receivedAt: time(),
  caughtBy: json<BlockedPostView['caughtBy']>(
    (value) =>
      typeof value === 'object' && value !== null && blockKinds.includes(Reflect.get(value, 'kind')) && typeof Reflect.get(value, 'value') === 'string',
  ),
  form: oneOf(blockedForms),
  // The fields as the form sent them: text, and the lead's source (an object of texts).
  fields: json<BlockedPostView['fields']>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof Reflect.get(value, 'email') === 'string' &&
      Object.entries(value).every(([field, item]) => (field === 'source' ? isTextRecord(item) : typeof item === 'string')),
  ),
} satisfies ShapeOf<BlockedPostView>

/** Where Unblock put a caught post: the collection and id of the record it now is. */
export interface UnblockedPost {
  collection: 'consultations' | 'contacts' | 'newsletterSubscribers'
  id: string
}

/** GET /api/admin/blocked-posts: a page of caught posts, newest first. */
export const blockedPostsQuerySchema = {
  $id: 'blockedPostsQuery',
  type: 'object',
  properties: paging,
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only offset and limit are accepted' },
} as const

export type BlockedPostsQuery = FromSchema<typeof blockedPostsQuerySchema>
