import { useMemo } from 'react'
import { occupyingStates, zonedDate } from '../../../contract/booking/booking'
import type { AdminMeeting } from '../../../contract/wire/meetingApi'
import { format } from '../../content/ui'
import { useHydrated } from '../../forms/useHydrated'
import { Announcer, useNotice } from '../Announcer'
import { EmptyState } from '../EmptyState'
import type { GateLabels, MeetingsScreenLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { BusyCalendars } from './BusyCalendars'
import { CalendarFeed } from './CalendarFeed'
import { MeetingDay } from './MeetingDay'
import { agendaPath, useAgenda } from './meetingQueries'

export type MeetingsScreenProps = {
  labels: MeetingsScreenLabels
}

const countFormat = new Intl.NumberFormat('en-US')

/** /admin/meetings: the meetings of the coming two weeks, day by day, each movable and cancellable; the calendar feed. */
export function MeetingsScreen({ labels }: MeetingsScreenProps) {
  const hydrated = useHydrated()
  // Today is the browser's, read once the island runs (the page is built long before).
  const path = useMemo(() => (hydrated ? agendaPath(new Date()) : ''), [hydrated])
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
    <QueryGate query={agenda} labels={gate}>
      {({ meetings }) => <Agenda meetings={meetings} refreshing={agenda.isFetching} onRefresh={() => void agenda.refetch()} labels={labels} />}
    </QueryGate>
  )
}

type AgendaProps = MeetingsScreenProps & { meetings: AdminMeeting[]; refreshing: boolean; onRefresh: () => void }

function Agenda({ meetings, refreshing, onRefresh, labels }: AgendaProps) {
  const [notice, announce] = useNotice()
  const words = labels.meetings
  const sorted = [...meetings].sort((a, b) => a.start.localeCompare(b.start))
  const days = new Map<string, AdminMeeting[]>()
  for (const meeting of sorted) days.set(zonedDate(meeting.start), [...(days.get(zonedDate(meeting.start)) ?? []), meeting])
  const upcoming = meetings.filter((meeting) => occupyingStates.includes(meeting.state)).length
  const heading = upcoming === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(upcoming) })
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <PanelHeader heading={heading} refreshing={refreshing} onRefresh={onRefresh} labels={labels.session} />
        <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
      </div>
      <Announcer notice={notice} />
      {days.size === 0 ? (
        <EmptyState title={words.emptyTitle} text={words.emptyText} />
      ) : (
        [...days].map(([date, dayMeetings]) => <MeetingDay key={date} date={date} meetings={dayMeetings} labels={words} announce={announce} />)
      )}
      <CalendarFeed labels={words} announce={announce} />
      <BusyCalendars labels={words} />
    </div>
  )
}
