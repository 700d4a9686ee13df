import { useCallback, useEffect, useState } from 'react'
import { api } from '../../../contract/wire/api'
import type { TimeSlot } from '../../../contract/booking/booking'
import type { MeetingChanged, MeetingView } from '../../../contract/wire/meetingApi'
import { ApiError, apiJson } from '../../forms/api'
import { useHydrated } from '../../forms/useHydrated'

export type LinkStatus = 'loading' | 'invalid' | 'failed' | 'ready'

/**
 * The meeting a signed link (`?token=…`) names, read in the browser only (the prerendered page is the
 * same for every link), in whatever state it is: a cancelled, held or begun meeting shows for any of its
 * links. A link the service refuses (altered, foreign) is `invalid`; a service
 * that cannot be reached is `failed`, and `reload()` tries again.
 */
export function useMeetingLink() {
  const hydrated = useHydrated()
  const [token, setToken] = useState<string | null>(null)
  const [status, setStatus] = useState<LinkStatus>('loading')
  const [view, setView] = useState<MeetingView>()

  // `quiet`: what is on screen stays while the meeting is read again.
  const load = useCallback(async (linkToken: string, quiet = false) => {
    if (!quiet) setStatus('loading')
    try {
      setView(await apiJson(api.meetings.meeting, { search: new URLSearchParams({ token: linkToken }), cache: 'no-store' }))
      setStatus('ready')
    } catch (error) {
      setStatus(error instanceof ApiError && (error.status === 400 || error.status === 404) ? 'invalid' : 'failed')
    }
  }, [])

  useEffect(() => {
    if (!hydrated) return
    const linkToken = new URLSearchParams(location.search).get('token') || null
    setToken(linkToken)
    if (linkToken) void load(linkToken)
    else setStatus('invalid')
  }, [hydrated, load])

  /**
   * POSTs with the link's token: a cancellation (with the visitor's reason, if any), or with `move` a
   * reschedule; throws the service's refusal (ApiError). The link stays good for the meeting's life.
   */
  const act = async (change: { move: { date: string; timeSlot: TimeSlot } } | { reason: string }): Promise<MeetingChanged> => {
    const linkToken = token ?? ''
    const answer =
      'move' in change
        ? await apiJson(api.meetings.reschedule, { body: { token: linkToken, ...change.move } })
        : await apiJson(api.meetings.cancel, { body: { token: linkToken, ...(change.reason.trim() ? { reason: change.reason.trim() } : {}) } })
    setView((current) => current && { ...current, meeting: answer.meeting })
    return answer
  }

  return {
    hydrated,
    status,
    view,
    act,
    /** Reads the meeting and what is free again; a page showing the meeting keeps it on screen meanwhile. */
    reload: () => token && void load(token, status === 'ready'),
  }
}

/** Whether a failed action was the service refusing the link itself (400 naming no field but the token). */
export const linkRefused = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && !Object.keys(error.fields).some((field) => field === 'date' || field === 'timeSlot')
