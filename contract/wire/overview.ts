import type { FromSchema } from 'json-schema-to-ts'
import { isoDatePattern } from '../forms/limits.js'

// The admin's Overview (GET /api/admin/overview): the agency's numbers for a period it picks, compared
// with the period just before. The service computes them from the store, in the agency's zone.

/** This week (from Monday), this month, the last 90 days (today included), or a custom range of days. */
export const overviewPeriods = ['week', 'month', '90days', 'custom'] as const
export type OverviewPeriod = (typeof overviewPeriods)[number]

/** The longest custom range, in days: a few years of records. */
export const maxOverviewDays = 1100

/** GET /api/admin/overview and its CSV: `?period=month`, or `?period=custom&from=2026-10-01&to=2026-10-31`. */
export const overviewQuerySchema = {
  $id: 'overviewQuery',
  type: 'object',
  properties: {
    period: { type: 'string', enum: overviewPeriods, errorMessage: `period must be one of ${overviewPeriods.join(', ')}` },
    from: { type: 'string', pattern: isoDatePattern, errorMessage: 'from must be a date (YYYY-MM-DD)' },
    to: { type: 'string', pattern: isoDatePattern, errorMessage: 'to must be a date (YYYY-MM-DD)' },
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only period, from and to are accepted' },
} as const

export type OverviewQuery = FromSchema<typeof overviewQuerySchema>

/** Days in the agency's zone, both included. */
export interface DayRange {
  from: string
  to: string
}

/** One row of a table of counts (a source, a service, a reason), sorted by count, then by name. */
export interface Count {
  name: string
  count: number
}

/** The leads of a period by kind. */
export interface LeadCounts {
  consultations: number
  contacts: number
  newsletter: number
}

/**
 * The 24-hour promise over the requests and messages of a period (spam apart): of those that came due
 * (moved out of New, or still New and overdue now), how many were first moved within the overdue rule's
 * 24 hours (contract/wire/inbox.ts isOverdue), and the median time to that first change.
 */
export interface PromiseFigures {
  due: number
  kept: number
  /** kept / due; null when none came due. */
  share: number | null
  /** Milliseconds from arrival to the first change of status; null when none was changed. */
  medianMs: number | null
}

/** The meetings of a period: booked, moved, cancelled in it (by when that happened); held and no-show by their start. */
export interface MeetingFigures {
  booked: number
  moved: number
  cancelled: number
  /** The reasons visitors gave when they cancelled, most given first. */
  reasons: Count[]
  held: number
  noShow: number
  /** Meetings whose start fell in the period and has passed, not cancelled: those that could be held. */
  cameDue: number
  /** held / cameDue; null when none came due. */
  heldShare: number | null
}

/** What a period's figures are compared on. */
export interface OverviewTotals {
  leads: LeadCounts
  promise: PromiseFigures
  meetings: MeetingFigures
  newsletter: { signUps: number; unsubscribes: number }
  /** Form posts the block list caught (stored, in no other figure: contract/wire/blockList.ts BlockedPostView). */
  blocked: number
}

export interface Overview {
  period: DayRange & { kind: OverviewPeriod }
  previous: DayRange
  current: OverviewTotals
  before: OverviewTotals
  /** The period's leads by kind and week (weeks start on Monday; the first and last may be partial). */
  weeks: Array<LeadCounts & { week: string }>
  /** The period's leads (all three forms) by where they came from. */
  sources: { referrers: Count[]; campaigns: Count[]; landings: Count[] }
  /** The services the period's requests and messages asked about. */
  services: Count[]
  /** Requests and messages still New past the promise, now (whatever the period). */
  overdueNow: { consultations: number; contacts: number }
}

/** A share as people read it: 0.8333 -> '83%'; '—' for none. */
export const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)

/** A duration as people read it: '3 h 20 min', '2 d 4 h', '45 min'; '—' for none. */
export function duration(ms: number | null): string {
  if (ms === null) return '—'
  const minutes = Math.round(ms / 60_000)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}
