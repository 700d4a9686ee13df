import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { adminApi } from '../../../contract/wire/adminApi'
import { duration, overviewPeriods, percent, type Count, type Overview, type OverviewPeriod, type OverviewTotals } from '../../../contract/wire/overview'
import { urls } from '../../../contract/wire/urls'
import { format } from '../../content/ui'
import { answerOf, apiBase, apiPath } from '../../forms/api'
import { Button } from '../../ui/button'
import type { OverviewLabels, OverviewScreenLabels } from '../labels'
import { QueryGate } from '../QueryGate'
import { leadKinds, shortDay, WeekChart } from './WeekChart'

type Choice = { period: OverviewPeriod; from: string; to: string }

const periodWord = { week: 'periodWeek', month: 'periodMonth', '90days': 'period90', custom: 'periodCustom' } as const satisfies Record<
  OverviewPeriod,
  keyof OverviewLabels
>

const searchOf = ({ period, from, to }: Choice) => new URLSearchParams(period === 'custom' ? { period, from, to } : { period })

/** The choice in the address (`?period=month`), so that a reload or a shared link shows the same period. */
function initialChoice(): Choice {
  const search = new URLSearchParams(typeof location === 'undefined' ? '' : location.search)
  const period = overviewPeriods.find((candidate) => candidate === search.get('period')) ?? 'week'
  return { period, from: search.get('from') ?? '', to: search.get('to') ?? '' }
}

const card = 'rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6'
const number = new Intl.NumberFormat('en-US')

/**
 * /admin: the agency's numbers for a period it picks against the period before: leads by kind and
 * week, where they come from, the services asked about, the 24-hour promise, meetings, the newsletter, and
 * the form posts the block list caught (in no other figure).
 */
export default function OverviewScreen({ labels }: { labels: OverviewScreenLabels }) {
  const words = labels.overview
  const [choice, setChoice] = useState(initialChoice)
  const search = searchOf(choice)
  const path = apiPath(adminApi.overview.figures, undefined, search)
  const query = useQuery({ queryKey: [path], queryFn: answerOf(adminApi.overview.figures) })
  const show = (next: Choice) => {
    setChoice(next)
    history.replaceState(null, '', `?${searchOf(next)}`)
  }
  return (
    <div className="space-y-6">
      <PeriodForm choice={choice} onShow={show} words={words} csv={apiBase + apiPath(adminApi.overview.csv, undefined, search)} />
      <QueryGate query={query} labels={{ ...labels.session, ...words }}>
        {(overview) => <Figures overview={overview} words={words} />}
      </QueryGate>
    </div>
  )
}

function PeriodForm({ choice, onShow, words, csv }: { choice: Choice; onShow: (choice: Choice) => void; words: OverviewLabels; csv: string }) {
  const [draft, setDraft] = useState(choice)
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onShow(draft)
  }
  const field = 'rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring'
  return (
    <form onSubmit={submit} className={`${card} flex flex-wrap items-end gap-3`}>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-period`} className="text-sm font-semibold text-foreground">
          {words.periodLabel}
        </label>
        <select
          id={`${id}-period`}
          value={draft.period}
          onChange={(event) => {
            const next = { ...draft, period: event.target.value as OverviewPeriod }
            setDraft(next)
            if (next.period !== 'custom') onShow(next)
          }}
          className={field}
        >
          {overviewPeriods.map((period) => (
            <option key={period} value={period}>
              {words[periodWord[period]]}
            </option>
          ))}
        </select>
      </div>
      {draft.period === 'custom' && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-from`} className="text-sm font-semibold text-foreground">
              {words.from}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              required
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              className={field}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-semibold text-foreground">
              {words.to}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              required
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              className={field}
            />
          </div>
          <Button type="submit" variant="primary" size="sm">
            {words.apply}
          </Button>
        </>
      )}
      <a
        href={csv}
        download
        className="ml-auto rounded-lg px-3 py-2 text-sm font-semibold text-primary-strong underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {words.exportCsv}
      </a>
    </form>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-foreground">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

const cell = 'border-b border-divider px-2 py-2 text-left'
const numeric = `${cell} text-right tabular-nums`

function CountTable({ rows, name, words, caption }: { rows: Count[]; name: string; words: OverviewLabels; caption: string }) {
  if (rows.length === 0)
    return (
      <div className="text-sm">
        <p className="mb-2 font-semibold text-foreground">{caption}</p>
        <p className="text-muted-foreground">{words.none}</p>
      </div>
    )
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-foreground">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            {name}
          </th>
          <th scope="col" className={numeric}>
            {words.count}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td className={`${cell} break-all`}>{row.name}</td>
            <td className={numeric}>{number.format(row.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Figures({ overview, words }: { overview: Overview; words: OverviewLabels }) {
  const { current, before } = overview
  const compared = (caption: string, rows: Array<[string, (totals: OverviewTotals) => string | number]>) => (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            {words.figure}
          </th>
          <th scope="col" className={numeric}>
            {words.thisPeriod}
          </th>
          <th scope="col" className={numeric}>
            {words.before}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, read]) => (
          <tr key={label}>
            <th scope="row" className={`${cell} font-normal`}>
              {label}
            </th>
            <td className={`${numeric} font-semibold`}>{read(current)}</td>
            <td className={`${numeric} text-muted-foreground`}>{read(before)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
  const overdue = overview.overdueNow
  return (
    <div className="space-y-6">
      <p className="text-sm text-body">
        {format(words.showing, {
          from: shortDay(overview.period.from),
          to: shortDay(overview.period.to),
          beforeFrom: shortDay(overview.previous.from),
          beforeTo: shortDay(overview.previous.to),
        })}
      </p>
      <Section title={words.leadsTitle}>
        {compared(words.leadsTitle, [
          [words.consultations, (t) => number.format(t.leads.consultations)],
          [words.contacts, (t) => number.format(t.leads.contacts)],
          [words.newsletter, (t) => number.format(t.leads.newsletter)],
        ])}
        <h3 className="mt-6 text-base font-semibold text-foreground">{words.chartTitle}</h3>
        <WeekChart weeks={overview.weeks} labels={words} />
        {/* Scrolls sideways on a narrow phone: focusable so that a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <section className="overflow-x-auto" tabIndex={0} aria-label={words.chartTitle}>
          <table className="w-full text-sm">
            <caption className="sr-only">{words.chartTitle}</caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  {words.week}
                </th>
                {leadKinds.map((kind) => (
                  <th key={kind.key} scope="col" className={numeric}>
                    {words[kind.key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {shortDay(week.week)}
                  </th>
                  {leadKinds.map((kind) => (
                    <td key={kind.key} className={numeric}>
                      {number.format(week[kind.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </Section>
      <Section title={words.sourcesTitle}>
        <div className="grid gap-6 lg:grid-cols-3">
          <CountTable rows={overview.sources.referrers} name={words.referrers} words={words} caption={words.referrers} />
          <CountTable rows={overview.sources.campaigns} name={words.campaigns} words={words} caption={words.campaigns} />
          <CountTable rows={overview.sources.landings} name={words.landings} words={words} caption={words.landings} />
        </div>
      </Section>
      <Section title={words.servicesTitle}>
        <CountTable rows={overview.services} name={words.service} words={words} caption={words.servicesTitle} />
      </Section>
      <Section title={words.promiseTitle}>
        {compared(words.promiseTitle, [
          [words.promiseDue, (t) => number.format(t.promise.due)],
          [words.promiseKept, (t) => number.format(t.promise.kept)],
          [words.promiseShare, (t) => percent(t.promise.share)],
          [words.promiseMedian, (t) => duration(t.promise.medianMs)],
        ])}
        <p className="mt-4 text-sm text-body">
          {words.overdueNow}:{' '}
          <a href={`${urls.admin.consultations}?sort=overdue`} className="font-semibold text-primary-strong underline underline-offset-4">
            {format(words.overdueRequests, { count: number.format(overdue.consultations) })}
          </a>
          {', '}
          <a href={`${urls.admin.messages}?sort=overdue`} className="font-semibold text-primary-strong underline underline-offset-4">
            {format(words.overdueMessages, { count: number.format(overdue.contacts) })}
          </a>
        </p>
      </Section>
      <Section title={words.meetingsTitle}>
        {compared(words.meetingsTitle, [
          [words.booked, (t) => number.format(t.meetings.booked)],
          [words.moved, (t) => number.format(t.meetings.moved)],
          [words.cancelled, (t) => number.format(t.meetings.cancelled)],
          [words.cameDue, (t) => number.format(t.meetings.cameDue)],
          [words.held, (t) => number.format(t.meetings.held)],
          [words.noShow, (t) => number.format(t.meetings.noShow)],
          [words.heldShare, (t) => percent(t.meetings.heldShare)],
        ])}
        <div className="mt-4">
          <CountTable rows={current.meetings.reasons} name={words.reason} words={words} caption={words.reasons} />
        </div>
      </Section>
      <Section title={words.newsletterTitle}>
        {compared(words.newsletterTitle, [
          [words.signUps, (t) => number.format(t.newsletter.signUps)],
          [words.unsubscribes, (t) => number.format(t.newsletter.unsubscribes)],
        ])}
      </Section>
      <Section title={words.blockedTitle}>
        {compared(words.blockedTitle, [[words.blockedPosts, (t) => number.format(t.blocked)]])}
        <p className="mt-4 text-sm text-body">
          {words.blockedNote}{' '}
          <a href={urls.admin.blocked} className="font-semibold text-primary-strong underline underline-offset-4">
            {words.blockedLink}
          </a>
        </p>
      </Section>
    </div>
  )
}
