import createError from 'http-errors'
import { adminApi } from '../../contract/wire/adminApi.js'
import { fieldErrors } from '../../contract/forms/fieldErrors.js'
import { overdueAfterMs } from '../../contract/wire/inbox.js'
import { duration, percent, type Overview, type OverviewTotals } from '../../contract/wire/overview.js'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { overviewFigures, overviewWindow, resolvePeriod } from '../overview/figures.js'
import type { FormStore } from '../store/formStore.js'
import { validateOverviewQuery } from '../validators.js'
import { adminRouter } from './adminRouter.js'
import { toCsv, type Column } from './inboxCsv.js'
import { answer, route } from './route.js'

/** The admin's Overview: the figures of a period against the period before, as JSON or as CSV. */
/** `answerWithinHours`: content/site.json's promise, the overdue rule's hours. */
export function overviewRoutes(auth: AdminAuth, store: FormStore, corsOrigins: readonly string[], now: () => Date, answerWithinHours: number) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  const figures = async (query: unknown): Promise<Overview> => {
    if (!validateOverviewQuery(query)) throw createError(400, 'Invalid query', { fields: fieldErrors(validateOverviewQuery.errors) })
    const at = now()
    const period = resolvePeriod(query, at)
    if (typeof period === 'string') throw createError(400, period, { fields: { to: period } })
    return overviewFigures(await store.overviewData(overviewWindow(period, at, overdueAfterMs(answerWithinHours))), period, at, answerWithinHours)
  }
  route(router, adminApi.overview.figures, ...admin, async (ctx) => answer(ctx, adminApi.overview.figures, await figures({ ...ctx.query })))
  route(router, adminApi.overview.csv, ...admin, async (ctx) => {
    const overview = await figures({ ...ctx.query })
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="overview-${overview.period.from}-to-${overview.period.to}.csv"`)
    answer(ctx, adminApi.overview.csv, toCsv(overviewColumns(overview), overviewRows(overview)))
  })
  return router
}

/** One line of the CSV: a figure of a section, for the period and the one before (blank where not compared). */
type Row = { section: string; figure: string; current: string | number; before?: string | number }

const overviewColumns = (overview: Overview): Column<Row>[] => [
  ['Section', (row) => row.section],
  ['Figure', (row) => row.figure],
  [`${overview.period.from} to ${overview.period.to}`, (row) => String(row.current)],
  [`${overview.previous.from} to ${overview.previous.to}`, (row) => (row.before === undefined ? '' : String(row.before))],
]

/** Every figure of the overview, one a line, in the order the screen shows them. */
export function overviewRows(overview: Overview): Row[] {
  const { current: now, before } = overview
  const compared = (section: string, figure: string, read: (totals: OverviewTotals) => string | number): Row => ({
    section,
    figure,
    current: read(now),
    before: read(before),
  })
  return [
    compared('Leads', 'Consultation requests', (t) => t.leads.consultations),
    compared('Leads', 'Contact messages', (t) => t.leads.contacts),
    compared('Leads', 'Newsletter sign-ups', (t) => t.leads.newsletter),
    ...overview.weeks.flatMap((week) => [
      { section: `Week of ${week.week}`, figure: 'Consultation requests', current: week.consultations },
      { section: `Week of ${week.week}`, figure: 'Contact messages', current: week.contacts },
      { section: `Week of ${week.week}`, figure: 'Newsletter sign-ups', current: week.newsletter },
    ]),
    ...overview.sources.referrers.map((row) => ({ section: 'Referrer', figure: row.name, current: row.count })),
    ...overview.sources.campaigns.map((row) => ({ section: 'Campaign', figure: row.name, current: row.count })),
    ...overview.sources.landings.map((row) => ({ section: 'Landing page', figure: row.name, current: row.count })),
    ...overview.services.map((row) => ({ section: 'Service asked about', figure: row.name, current: row.count })),
    compared('24-hour promise', 'Came due', (t) => t.promise.due),
    compared('24-hour promise', 'Answered within 24 hours', (t) => t.promise.kept),
    compared('24-hour promise', 'Share kept', (t) => percent(t.promise.share)),
    compared('24-hour promise', 'Median time to first change', (t) => duration(t.promise.medianMs)),
    { section: '24-hour promise', figure: 'Overdue now', current: overview.overdueNow.consultations + overview.overdueNow.contacts },
    compared('Meetings', 'Booked', (t) => t.meetings.booked),
    compared('Meetings', 'Moved', (t) => t.meetings.moved),
    compared('Meetings', 'Cancelled', (t) => t.meetings.cancelled),
    ...now.meetings.reasons.map((row) => ({ section: 'Cancellation reason', figure: row.name, current: row.count })),
    compared('Meetings', 'Came due', (t) => t.meetings.cameDue),
    compared('Meetings', 'Held', (t) => t.meetings.held),
    compared('Meetings', 'No-show', (t) => t.meetings.noShow),
    compared('Meetings', 'Share held', (t) => percent(t.meetings.heldShare)),
    compared('Newsletter', 'Sign-ups', (t) => t.newsletter.signUps),
    compared('Newsletter', 'Unsubscribes', (t) => t.newsletter.unsubscribes),
  ]
}
