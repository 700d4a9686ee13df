import { useCallback, useEffect, useState } from 'react'
import { api } from '../../../contract/wire/api'
import type { FreeStart, TimeSlot } from '../../../contract/booking/booking'
import type { Availability } from '../../../contract/wire/meetingApi'
import { apiJson } from '../../forms/api'
import { useHydrated } from '../../forms/useHydrated'

export type DayWindows = Availability['days'][number]['windows']
/** One offered day: which windows have room, and the free starts in order (none from a service that does not list them). */
export type DayAvailability = { windows: DayWindows; starts: readonly FreeStart[] }

/**
 * Which windows of the offered days still have room and where a meeting may start, as the service says
 * (GET /api/availability), by date: `days.get('2026-12-01')?.windows.morning === false` is a full
 * morning. `days` is null until the answer comes and whenever the service cannot be reached: the form
 * then offers every window, as it did before, and the service's answer to the request decides.
 * `refresh()` asks again past any cache.
 */
export function useAvailability() {
  const hydrated = useHydrated()
  const [days, setDays] = useState<ReadonlyMap<string, DayAvailability> | null>(null)

  const load = useCallback(async (cache: RequestCache) => {
    try {
      const answer: Partial<Availability> = await apiJson(api.meetings.availability, { cache })
      if (Array.isArray(answer.days))
        setDays(new Map(answer.days.map((day) => [day.date, { windows: day.windows, starts: Array.isArray(day.starts) ? day.starts : [] }])))
    } catch {
      // Unreachable, refused or not JSON: keep offering everything.
    }
  }, [])

  useEffect(() => {
    if (hydrated) void load('default')
  }, [hydrated, load])

  return { days, refresh: () => void load('reload') }
}

/** Whether a day offers no window at all. */
export const fullyBooked = (windows: DayWindows | undefined) => windows !== undefined && Object.values(windows).every((free) => !free)

/** The free starts of one window of a day, in order. */
export const startsIn = (day: DayAvailability | undefined, window: string): string[] =>
  (day?.starts ?? []).filter((free) => free.window === (window as TimeSlot)).map((free) => free.start)
