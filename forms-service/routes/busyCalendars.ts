import { adminApi } from '../../contract/wire/adminApi.js'
import type { BusyCalendarState } from '../../contract/booking/busyCalendar.js'
import type { Config } from '../config.js'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { adminRouter } from './adminRouter.js'
import { answer, route } from './route.js'

/** GET /api/admin/busy-calendars: how the reads of BUSY_CALENDAR_URLS went, each by its host only. */
export function busyCalendarRoutes(config: Config, auth: AdminAuth, status: () => readonly BusyCalendarState[]) {
  const { router, admin } = adminRouter(auth, config.corsOrigins)
  route(router, adminApi.meetings.busyCalendars, ...admin, (ctx) => {
    answer(ctx, adminApi.meetings.busyCalendars, { calendars: [...status()] })
  })
  return router
}
