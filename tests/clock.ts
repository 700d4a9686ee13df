// The clock a test moves, for the services and stores it starts (their `now` option).

/**
 * A clock a test moves: `now` for the service, its store, its sender and its scheduler; `set` to an
 * instant, `advance` by milliseconds.
 */
export function clockAt(start: string | number | Date) {
  let at = new Date(start)
  return {
    now: () => at,
    set: (instant: string | number | Date) => {
      at = new Date(instant)
    },
    advance: (ms: number) => {
      at = new Date(at.getTime() + ms)
    },
  }
}

/**
 * A clock held at 20 seconds into the current minute: for a test of a per-minute limit, whose windows are whole
 * minutes of the service's clock, so that a slow run never moves its last request into the next window.
 */
export function midMinute() {
  const at = new Date()
  at.setUTCSeconds(20, 0)
  return clockAt(at)
}
