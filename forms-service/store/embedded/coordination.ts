import type { Coordination, LoginAttempts } from '../coordination.js'
import { judgeAttempt, windowStart } from '../loginRule.js'

/** Everything in this process's memory: one process, one view. */
export function memoryCoordination(): Coordination {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    loginAttempts: memoryLoginAttempts(),
    rateCounter: {
      async hit(key, windowMs, now) {
        const start = Math.floor(now.getTime() / windowMs) * windowMs
        const current = windows.get(key)
        const entry = current && current.start === start ? current : { start, count: 0 }
        entry.count++
        windows.set(key, entry)
        if (windows.size > 50_000) for (const [old, value] of windows) if (value.start < start) windows.delete(old)
        return { count: entry.count, resetAt: start + windowMs }
      },
    },
  }
}

/** The failures of loginRule.ts in memory: per key (oldest first), and per scope without known browsers. */
function memoryLoginAttempts(): LoginAttempts {
  const failures = new Map<string, number[]>()
  const scopes = new Map<string, Array<{ key: string; at: number }>>()
  return {
    async attempt({ key, scope, knownBrowser }, limits, now) {
      const at = now.getTime()
      const since = windowStart(at, limits)
      const mine = (failures.get(key) ?? []).filter((time) => time > since)
      const overall = (scopes.get(scope) ?? []).filter((failure) => failure.at > since)
      scopes.set(scope, overall)
      const judged = judgeAttempt(
        { count: mine.length, oldest: mine[0] ?? null },
        { count: overall.length, oldest: overall[0]?.at ?? null },
        knownBrowser,
        limits,
        at,
      )
      if ('retryAfter' in judged) return judged
      mine.push(at)
      failures.set(key, mine)
      if (!knownBrowser) overall.push({ key, at })
      if (failures.size > 10_000) for (const [old, times] of failures) if (!times.some((time) => time > since)) failures.delete(old)
      if (scopes.size > 10_000) for (const [old, list] of scopes) if (!list.some((failure) => failure.at > since)) scopes.delete(old)
      return judged
    },
    async forgive({ key, scope, knownBrowser }) {
      failures.delete(key)
      if (knownBrowser) return
      const overall = scopes.get(scope) ?? []
      const latest = overall.findLastIndex((failure) => failure.key === key)
      if (latest !== -1) overall.splice(latest, 1)
    },
  }
}
