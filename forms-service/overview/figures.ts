import { addDays, isCalendarDate, weekdayOf, zonedDate, zonedInstant, type Meeting } from '../../contract/booking/booking.js'
import { isOverdue } from '../../contract/wire/inbox.js'
import { consultationServices, contactServices, labelOf } from '../../contract/forms/options.js'
import type {
  Count,
  DayRange,
  LeadCounts,
  MeetingFigures,
  Overview,
  OverviewPeriod,
  OverviewQuery,
  OverviewTotals,
  PromiseFigures,
} from '../../contract/wire/overview.js'
import { maxOverviewDays } from '../../contract/wire/overview.js'
import type { LeadSource } from '../../contract/wire/source.js'
import { sourceOrigin } from '../../contract/wire/sourceWords.js'
import type { OverviewData, OverviewLead, OverviewWindow } from '../store/overviewQuery.js'

// The overview's figures, as pure functions of the records (OverviewData) and the clock: both stores
// hand over the same records, so both give the same numbers.

/** How far before a period a request may have been booked and still have its meeting move, end or be held in it. */
const meetingLookbackDays = 120

/** A period resolved to days in the agency's zone, and the instants they start and end at. */
export interface ResolvedPeriod {
  kind: OverviewPeriod
  current: DayRange
  previous: DayRange
  /** [start, end) of each, ISO instants (midnights in the agency's zone: 23 or 25 hours apart across a change of clock). */
  currentStart: string
  currentEnd: string
  previousStart: string
}

/** The instant the agency's day `date` starts at. */
const midnight = (date: string) => zonedInstant(date, 0).toISOString()
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7))
/** The first day of `date`'s month, `months` later. */
function firstOfMonth(date: string, months = 0): string {
  const first = new Date(`${date.slice(0, 7)}-01T12:00:00Z`)
  first.setUTCMonth(first.getUTCMonth() + months)
  return first.toISOString().slice(0, 10)
}
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

/** The period a query names, at `now`; an error message for a custom range that is not one. */
export function resolvePeriod(query: OverviewQuery, now: Date): ResolvedPeriod | string {
  const today = zonedDate(now)
  const kind = query.period ?? 'week'
  let start: string
  let end: string // exclusive
  let previousStart: string
  if (kind === 'week') {
    start = mondayOf(today)
    end = addDays(start, 7)
    previousStart = addDays(start, -7)
  } else if (kind === 'month') {
    start = firstOfMonth(today)
    end = firstOfMonth(today, 1)
    previousStart = firstOfMonth(today, -1)
  } else if (kind === '90days') {
    start = addDays(today, -89)
    end = addDays(today, 1)
    previousStart = addDays(start, -90)
  } else {
    if (!query.from || !query.to) return 'A custom period needs from and to'
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return 'from and to must be real dates'
    start = query.from
    end = addDays(query.to, 1)
    const days = daysBetween(start, end)
    if (days < 1) return 'to must not be before from'
    if (days > maxOverviewDays) return `A custom period is at most ${maxOverviewDays} days`
    previousStart = addDays(start, -days)
  }
  return {
    kind,
    current: { from: start, to: addDays(end, -1) },
    previous: { from: previousStart, to: addDays(start, -1) },
    currentStart: midnight(start),
    currentEnd: midnight(end),
    previousStart: midnight(previousStart),
  }
}

/** The instants a store reads between for a period, at `now`. */
export function overviewWindow(period: ResolvedPeriod, now: Date, overdueAfterMs: number): OverviewWindow {
  return {
    from: period.previousStart,
    to: period.currentEnd,
    meetingsFrom: new Date(Date.parse(period.previousStart) - meetingLookbackDays * 86_400_000).toISOString(),
    overdueBefore: new Date(now.getTime() - overdueAfterMs).toISOString(),
  }
}

/** [from, to) in milliseconds. */
type Span = { from: number; to: number }
const spanOf = (from: string, to: string): Span => ({ from: Date.parse(from), to: Date.parse(to) })
const inSpan = (at: number, span: Span) => at >= span.from && at < span.to
const inSpanIso = (at: string | undefined, span: Span) => at !== undefined && inSpan(Date.parse(at), span)

/** Counts by name, most first, then by name. */
function counted(names: Iterable<string>): Count[] {
  const counts = new Map<string, number>()
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1)
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** When a lead was first moved out of New, if it was. */
const firstChange = (lead: OverviewLead) => lead.statusChanges?.find((change) => change.status !== 'new')?.at

/** Whether a lead still New at `at` is overdue then, by the overdue rule's own code (contract/wire/inbox.ts), so the two never disagree. */
const overdueAt = (lead: OverviewLead, at: Date, answerWithinHours: number) =>
  isOverdue({ status: 'new', receivedAt: new Date(lead.at).toISOString() }, at, answerWithinHours)

function promiseFigures(leads: readonly OverviewLead[], now: Date, answerWithinHours: number): PromiseFigures {
  let due = 0
  let kept = 0
  const times: number[] = []
  for (const lead of leads) {
    const moved = firstChange(lead)
    if (moved !== undefined) {
      due++
      // Answered as promised: moved out of New before the rule would have called it overdue.
      if (!overdueAt(lead, new Date(moved), answerWithinHours)) kept++
      times.push(Date.parse(moved) - lead.at)
    } else if (overdueAt(lead, now, answerWithinHours)) due++
  }
  return { due, kept, share: due === 0 ? null : kept / due, medianMs: median(times) }
}

function meetingFigures(meetings: readonly Meeting[], span: Span, now: Date): MeetingFigures {
  let booked = 0
  let moved = 0
  let cancelled = 0
  let held = 0
  let noShow = 0
  let cameDue = 0
  const reasons: string[] = []
  for (const meeting of meetings) {
    for (const change of meeting.history) {
      if (!inSpanIso(change.at, span)) continue
      if (change.state === 'booked') booked++
      else if (change.state === 'moved') moved++
      else if (change.state === 'cancelled') {
        cancelled++
        if (change.reason?.trim()) reasons.push(change.reason.trim())
      }
    }
    if (!inSpanIso(meeting.start, span) || meeting.state === 'cancelled' || Date.parse(meeting.start) > now.getTime()) continue
    cameDue++
    if (meeting.state === 'held') held++
    else if (meeting.state === 'no-show') noShow++
  }
  return { booked, moved, cancelled, reasons: counted(reasons), held, noShow, cameDue, heldShare: cameDue === 0 ? null : held / cameDue }
}

function totals(data: OverviewData, span: Span, now: Date, answerWithinHours: number): OverviewTotals {
  const consultations = data.consultations.filter((lead) => inSpan(lead.at, span))
  const contacts = data.contacts.filter((lead) => inSpan(lead.at, span))
  const signUps = data.signUps.filter((signUp) => inSpan(signUp.at, span)).length
  return {
    leads: { consultations: consultations.length, contacts: contacts.length, newsletter: signUps },
    promise: promiseFigures([...consultations, ...contacts], now, answerWithinHours),
    meetings: meetingFigures(
      data.consultations.flatMap((lead) => (lead.meeting ? [lead.meeting] : [])),
      span,
      now,
    ),
    newsletter: { signUps, unsubscribes: data.unsubscribes.filter((at) => inSpan(at, span)).length },
    blocked: data.blocked.filter((at) => inSpan(at, span)).length,
  }
}

/** The index of the last of `starts` (ascending) at or before `at`; -1 before the first. */
function binOf(starts: readonly number[], at: number): number {
  let low = 0
  let high = starts.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (starts[middle]! <= at) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/** Every figure of the overview for `period`, from the records a store handed over, at `now`. */
export function overviewFigures(data: OverviewData, period: ResolvedPeriod, now: Date, answerWithinHours: number): Overview {
  const span = spanOf(period.currentStart, period.currentEnd)
  const consultations = data.consultations.filter((lead) => inSpan(lead.at, span))
  const contacts = data.contacts.filter((lead) => inSpan(lead.at, span))
  const signUps = data.signUps.filter((signUp) => inSpan(signUp.at, span))

  // The weeks' Mondays in the agency's zone, found once; each lead falls in one by its instant.
  const weeks: Array<LeadCounts & { week: string }> = []
  const starts: number[] = []
  for (let monday = mondayOf(period.current.from); Date.parse(midnight(monday)) < span.to; monday = addDays(monday, 7)) {
    weeks.push({ week: monday, consultations: 0, contacts: 0, newsletter: 0 })
    starts.push(Date.parse(midnight(monday)))
  }
  const add = (at: number, kind: keyof LeadCounts) => {
    const week = weeks[binOf(starts, at)]
    if (week) week[kind]++
  }
  for (const lead of consultations) add(lead.at, 'consultations')
  for (const lead of contacts) add(lead.at, 'contacts')
  for (const signUp of signUps) add(signUp.at, 'newsletter')

  const sources: Array<LeadSource | undefined> = [...consultations, ...contacts, ...signUps].map((lead) => lead.source)
  return {
    period: { kind: period.kind, ...period.current },
    previous: period.previous,
    current: totals(data, span, now, answerWithinHours),
    before: totals(data, spanOf(period.previousStart, period.currentStart), now, answerWithinHours),
    weeks,
    sources: {
      referrers: counted(sources.map((source) => (source?.referrerHost ? sourceOrigin({ referrerHost: source.referrerHost }) : 'Direct'))),
      campaigns: counted(sources.flatMap((source) => (source?.utm_campaign ? [sourceOrigin(source)] : []))),
      landings: counted(sources.flatMap((source) => (source?.landing ? [source.landing] : []))),
    },
    services: counted([
      ...consultations.map((lead) => labelOf(consultationServices, lead.service)),
      ...contacts.map((lead) => labelOf(contactServices, lead.service)),
    ]),
    overdueNow: data.overdue,
  }
}
