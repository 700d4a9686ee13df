import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { zonedDate } from '../../../../contract/booking'
import { meetingApi, type AdminMeeting, type AdminMeetings } from '../../../../contract/meetingApi'
import { getQueryFn, postJson } from '../../../forms/api'
import { summaryKey } from '../inbox/records'
import { useOnUnauthorized } from '../session'

/** The agenda: from today in Dallas through the last day a visitor can book (tomorrow + 13 more). */
export const agendaDays = 15

/** GET path of the agenda from today (Dallas): '/api/admin/meetings?from=2026-11-25&days=15'. */
export const agendaPath = (now: Date) => `${meetingApi.admin.meetings}?from=${zonedDate(now)}&days=${agendaDays}`

/** The meetings of the coming days; null while the admin is not signed in. */
export function useAgenda(path: string, enabled: boolean) {
  return useQuery({ queryKey: [path], queryFn: getQueryFn<AdminMeetings>({ on401: 'returnNull' }), enabled })
}

// After a change: the agenda and the consultation requests (each shows its meeting) are read again.
const isAffected = (query: Query) => {
  const key = String(query.queryKey[0])
  return key.startsWith(meetingApi.admin.meetings) || key.startsWith('/api/admin/consultations')
}

export type MeetingChange = { action: 'move'; start: string } | { action: 'cancel'; message: string } | { action: 'state'; state: 'held' | 'no-show' }

/** Move, cancel or mark one meeting; the service sends the visitor what each change owes them. */
export function useChangeMeeting(meeting: Pick<AdminMeeting, 'id'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: MeetingChange) => {
      if (change.action === 'move') return postJson(meetingApi.admin.move(meeting.id), { start: change.start })
      if (change.action === 'cancel') return postJson(meetingApi.admin.cancel(meeting.id), { message: change.message })
      return postJson(meetingApi.admin.state(meeting.id), { state: change.state })
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: isAffected })
      void queryClient.invalidateQueries({ queryKey: summaryKey })
    },
    onError: useOnUnauthorized(),
  })
}

const feedKey = [meetingApi.admin.calendarFeed] as const

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: feedKey, queryFn: getQueryFn<{ url: string }>({ on401: 'returnNull' }), enabled })
}

/** A new secret address for the feed; the old one stops working. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await (await postJson(meetingApi.admin.rotateCalendarFeed, {})).json()) as { url: string },
    onSuccess: (feed) => queryClient.setQueryData(feedKey, feed),
    onError: useOnUnauthorized(),
  })
}
