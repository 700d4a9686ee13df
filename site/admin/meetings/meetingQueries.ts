import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { bookingHorizonDays, zonedDate } from '../../../contract/booking/booking'
import { adminApi } from '../../../contract/wire/adminApi'
import { pastAgendaDays, pastAgendaFrom, type AdminMeeting } from '../../../contract/wire/meetingApi'
import { answerOf, apiJson, apiPath } from '../../forms/api'
import { summaryKey } from '../records'
import { useOnUnauthorized } from '../session'

/** The agenda: from today in Dallas through the last day a visitor can book (today + the horizon). */
export const agendaDays = bookingHorizonDays + 1

/** GET path of the agenda from today (Dallas): '/api/admin/meetings?from=2026-11-25&days=15'. */
export const agendaPath = (now: Date) => apiPath(adminApi.meetings.list, {}, new URLSearchParams({ from: zonedDate(now), days: String(agendaDays) }))

/** GET path of the Past view at `now`: the last `pastAgendaDays` days through today. */
export const pastPath = (now: Date) => apiPath(adminApi.meetings.list, {}, new URLSearchParams({ from: pastAgendaFrom(now), days: String(pastAgendaDays) }))

/** The meetings of the coming days; null while the admin is not signed in. */
export function useAgenda(path: string, enabled: boolean) {
  return useQuery({ queryKey: [path], queryFn: answerOf(adminApi.meetings.list), enabled })
}

// After a change: the agenda and the consultation requests (each shows its meeting) are read again.
const isAffected = (query: Query) => {
  const key = String(query.queryKey[0])
  return key.startsWith(apiPath(adminApi.meetings.list)) || key.startsWith(apiPath(adminApi.consultations.list))
}

export type MeetingChange =
  | { action: 'move'; start: string; message: string }
  | { action: 'cancel'; message: string }
  | { action: 'state'; state: 'held' | 'no-show' | 'unmarked' }
  | { action: 'rebook' }

/** Move, cancel, mark or book again one meeting; the service sends the visitor what each change owes them. */
export function useChangeMeeting(meeting: Pick<AdminMeeting, 'id'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: MeetingChange) => {
      const params = { id: meeting.id }
      if (change.action === 'move')
        return apiJson(adminApi.meetings.move, { params, body: { start: change.start, ...(change.message ? { message: change.message } : {}) } })
      if (change.action === 'cancel') return apiJson(adminApi.meetings.cancel, { params, body: { message: change.message } })
      if (change.action === 'rebook') return apiJson(adminApi.meetings.rebook, { params, body: {} })
      return apiJson(adminApi.meetings.state, { params, body: { state: change.state } })
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: isAffected })
      void queryClient.invalidateQueries({ queryKey: summaryKey })
    },
    onError: useOnUnauthorized(),
  })
}

/** Where a meeting could move, asked afresh each time the Move dialog opens. */
export function useMeetingStarts(meeting: Pick<AdminMeeting, 'id'>, enabled: boolean) {
  return useQuery({
    queryKey: [apiPath(adminApi.meetings.starts, { id: meeting.id })],
    queryFn: answerOf(adminApi.meetings.starts),
    enabled,
    staleTime: 0,
    gcTime: 0,
  })
}

const feedKey = [apiPath(adminApi.meetings.calendarFeed)] as const

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: feedKey, queryFn: answerOf(adminApi.meetings.calendarFeed), enabled })
}

/** A new secret address for the feed; the old one stops working. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson(adminApi.meetings.rotateCalendarFeed, { body: {} }),
    onSuccess: (feed) => queryClient.setQueryData(feedKey, feed),
    onError: useOnUnauthorized(),
  })
}

/** How the reads of the agency's busy calendars went; read again every minute while the screen is open. */
export function useBusyCalendars(enabled: boolean) {
  return useQuery({
    queryKey: [apiPath(adminApi.meetings.busyCalendars)],
    queryFn: answerOf(adminApi.meetings.busyCalendars),
    enabled,
    refetchInterval: 60_000,
  })
}
