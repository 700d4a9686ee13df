import { useCallback, useEffect, useState } from 'react'
import { meetingApi, type MeetingChanged, type MeetingView } from '../../../contract/meetingApi'
import { ApiError, apiBase, postJson } from '../../forms/api'
import { useHydrated } from '../../forms/useHydrated'

export type LinkStatus = 'loading' | 'invalid' | 'failed' | 'ready'

/**
 * The meeting a signed link (`?token=…`) names, read in the browser only (the prerendered page is the
 * same for every link). A link the service refuses (changed, foreign, used) is `invalid`; a service
 * that cannot be reached is `failed`, and `reload()` tries again.
 */
export function useMeetingLink(action: 'cancel' | 'reschedule') {
  const hydrated = useHydrated()
  const [token, setToken] = useState<string | null>(null)
  const [status, setStatus] = useState<LinkStatus>('loading')
  const [view, setView] = useState<MeetingView>()

  // `quiet`: what is on screen stays while the meeting is read again.
  const load = useCallback(async (linkToken: string, quiet = false) => {
    if (!quiet) setStatus('loading')
    try {
      const response = await fetch(`${apiBase}${meetingApi.meeting}?token=${encodeURIComponent(linkToken)}`, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
      })
      if (response.status === 400 || response.status === 404) return setStatus('invalid')
      if (!response.ok) return setStatus('failed')
      setView((await response.json()) as MeetingView)
      setStatus('ready')
    } catch {
      setStatus('failed')
    }
  }, [])

  useEffect(() => {
    if (!hydrated) return
    const linkToken = new URLSearchParams(location.search).get('token') || null
    setToken(linkToken)
    if (linkToken) void load(linkToken)
    else setStatus('invalid')
  }, [hydrated, load])

  /** POSTs the page's action with the link's token; throws the service's refusal (ApiError). */
  const act = async (body: Record<string, string> = {}): Promise<MeetingChanged> => {
    const response = await postJson(meetingApi[action], { token, ...body })
    const answer = (await response.json()) as MeetingChanged
    // A moved meeting has new links (the old ones no longer work): this page goes on with its own.
    const next = answer.token?.[action]
    if (next) {
      setToken(next)
      history.replaceState(history.state, '', `${location.pathname}?token=${encodeURIComponent(next)}`)
    }
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
    setInvalid: () => setStatus('invalid'),
  }
}

/** Whether a failed action was the service refusing the link itself (400 naming no field but the token). */
export const linkRefused = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && !Object.keys(error.fields).some((field) => field === 'date' || field === 'timeSlot')
