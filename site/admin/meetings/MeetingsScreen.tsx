import { useMemo, type MouseEvent } from 'react'
import { occupyingStates, zonedDate } from '../../../contract/booking/booking'
import { awaitsMark, type AdminMeeting } from '../../../contract/wire/meetingApi'
import { urls } from '../../../contract/wire/urls'
import { format } from '../../content/ui'
import { useHydrated } from '../../forms/useHydrated'
import { cn } from '../../ui/cn'
import { Announcer, useNotice } from '../Announcer'
import { EmptyState } from '../EmptyState'
import { navigate, useLocationSearch } from '../list/location'
import type { GateLabels, MeetingLabels, MeetingsScreenLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { BusyCalendars } from './BusyCalendars'
import { CalendarFeed } from './CalendarFeed'
import { MeetingDay } from './MeetingDay'
import { agendaPath, pastPath, useAgenda } from './meetingQueries'

export type MeetingsScreenProps = {
  labels: MeetingsScreenLabels
}

const countFormat = new Intl.NumberFormat('en-US')

/** What the screen shows, kept in the query string ('?view=past') so that a reload or a link keeps it. */
const views = ['upcoming', 'past', 'feed'] as const
type View = (typeof views)[number]
const viewOf = (search: string | null): View => views.find((view) => view === new URLSearchParams(search ?? '').get('view')) ?? 'upcoming'
const viewSearch = (view: View) => (view === 'upcoming' ? '' : `?view=${view}`)

/**
 * /admin/meetings: the meetings of the coming two weeks, day by day, each movable and cancellable; the
 * past ones, those not marked held or no-show yet first; the calendar feed and the busy calendars.
 */
export function MeetingsScreen({ labels }: MeetingsScreenProps) {
  const hydrated = useHydrated()
  const search = useLocationSearch()
  const view = viewOf(search)
  // Today is the browser's, read once the island runs (the page is built long before).
  // The feed's view reads the agenda too: its answer is what asks to sign in.
  const path = useMemo(() => (!hydrated ? '' : view === 'past' ? pastPath(new Date()) : agendaPath(new Date())), [hydrated, view])
  const agenda = useAgenda(path, hydrated)
  const words = labels.meetings
  const gate: GateLabels = {
    ...labels.session,
    loading: words.loading,
    fetchFailed: words.fetchFailed,
    loadError: words.loadError,
    signInText: words.signInText,
  }
  return (
    <div className="space-y-6">
      <ViewSwitch current={view} labels={words} />
      <QueryGate query={agenda} labels={gate}>
        {({ meetings }) =>
          view === 'feed' ? (
            <Feed labels={words} />
          ) : view === 'past' ? (
            <Past meetings={meetings} refreshing={agenda.isFetching} onRefresh={() => void agenda.refetch()} labels={labels} />
          ) : (
            <Agenda meetings={meetings} refreshing={agenda.isFetching} onRefresh={() => void agenda.refetch()} labels={labels} />
          )
        }
      </QueryGate>
    </div>
  )
}

/** Links, not tabs: each view is an address of its own (Back returns to the one before). */
function ViewSwitch({ current, labels }: { current: View; labels: MeetingLabels }) {
  const words: Record<View, string> = { upcoming: labels.viewUpcoming, past: labels.viewPast, feed: labels.viewFeed }
  const go = (view: View) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(viewSearch(view), 'push')
  }
  return (
    <nav aria-label={labels.viewsLabel}>
      <ul className="flex flex-wrap gap-2">
        {views.map((view) => (
          <li key={view}>
            <a
              href={`${urls.admin.meetings}${viewSearch(view)}`}
              onClick={go(view)}
              aria-current={view === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                view === current ? 'bg-primary text-primary-foreground ring-primary' : 'bg-card text-foreground ring-border hover:bg-secondary',
              )}
            >
              {words[view]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

type AgendaProps = MeetingsScreenProps & { meetings: AdminMeeting[]; refreshing: boolean; onRefresh: () => void }

/** Meetings by day (Dallas), in `order`. */
function byDay(meetings: AdminMeeting[], order: 'soonest' | 'latest' = 'soonest') {
  const sorted = [...meetings].sort((a, b) => (order === 'soonest' ? a.start.localeCompare(b.start) : b.start.localeCompare(a.start)))
  const days = new Map<string, AdminMeeting[]>()
  for (const meeting of sorted) {
    const day = zonedDate(meeting.start)
    days.set(day, [...(days.get(day) ?? []), meeting])
  }
  return days
}

/** The top of the Upcoming and Past views: their count with Refresh, the zone the times are in, and the announcements. */
function ViewHeader({
  heading,
  refreshing,
  onRefresh,
  labels,
  notice,
}: Pick<AgendaProps, 'refreshing' | 'onRefresh' | 'labels'> & { heading: string; notice: ReturnType<typeof useNotice>[0] }) {
  return (
    <>
      <div className="space-y-3">
        <PanelHeader heading={heading} refreshing={refreshing} onRefresh={onRefresh} labels={labels.session} />
        <p className="text-sm text-muted-foreground">{labels.meetings.zoneNote}</p>
      </div>
      <Announcer notice={notice} />
    </>
  )
}

function Agenda({ meetings, refreshing, onRefresh, labels }: AgendaProps) {
  const [notice, announce] = useNotice()
  const words = labels.meetings
  const days = byDay(meetings)
  const upcoming = meetings.filter((meeting) => occupyingStates.includes(meeting.state)).length
  const heading = upcoming === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(upcoming) })
  return (
    <div className="space-y-8">
      <ViewHeader heading={heading} refreshing={refreshing} onRefresh={onRefresh} labels={labels} notice={notice} />
      {days.size === 0 ? (
        <EmptyState title={words.emptyTitle} text={words.emptyText} />
      ) : (
        [...days].map(([date, dayMeetings]) => <MeetingDay key={date} date={date} meetings={dayMeetings} labels={words} announce={announce} />)
      )}
    </div>
  )
}

/** The meetings that have begun, latest first: those not marked held or no-show yet, then the others. */
function Past({ meetings, refreshing, onRefresh, labels }: AgendaProps) {
  const [notice, announce] = useNotice()
  const words = labels.meetings
  const now = new Date()
  const begun = meetings.filter((meeting) => Date.parse(meeting.start) <= now.getTime())
  const toMark = begun.filter((meeting) => awaitsMark(meeting, now))
  const rest = begun.filter((meeting) => !awaitsMark(meeting, now))
  const heading = toMark.length === 1 ? words.pastCountOne : format(words.pastCountOther, { count: countFormat.format(toMark.length) })
  const section = (title: string, list: AdminMeeting[], empty: string) => (
    <section aria-label={title} className="space-y-4">
      <h3 className="text-xl font-bold text-brand-900">{title}</h3>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        [...byDay(list, 'latest')].map(([date, dayMeetings]) => <MeetingDay key={date} date={date} meetings={dayMeetings} labels={words} announce={announce} />)
      )}
    </section>
  )
  return (
    <div className="space-y-8">
      <ViewHeader heading={heading} refreshing={refreshing} onRefresh={onRefresh} labels={labels} notice={notice} />
      {begun.length === 0 ? (
        <EmptyState title={words.pastEmptyTitle} text={words.pastEmptyText} />
      ) : (
        <>
          {section(words.pastUnmarked, toMark, words.pastUnmarkedNone)}
          {rest.length > 0 && section(words.pastMarked, rest, '')}
        </>
      )}
    </div>
  )
}

/** The calendar feed's address and the busy calendars, a view of their own rather than under two weeks of meetings. */
function Feed({ labels }: { labels: MeetingLabels }) {
  const [notice, announce] = useNotice()
  return (
    <div className="space-y-8">
      <Announcer notice={notice} />
      <CalendarFeed labels={labels} announce={announce} />
      <BusyCalendars labels={labels} />
    </div>
  )
}
