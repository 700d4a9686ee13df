import { pino, type Logger } from 'pino'
import type { Config } from './config.js'

/**
 * The service's one logger: a JSON line per event on stdout, the level as its name (`"level":"error"`,
 * which a log search can match without knowing pino's numbers). Written asynchronously: the lines that
 * come while a write is under way go out together in the next one (a write per request line was a
 * measurable part of a subscription's time, docs/performance.md). pino writes what is left
 * synchronously when the process exits (process.exit included), so only a kill -9 can lose the last
 * milliseconds' lines.
 */
export function serviceLogger(level: Config['logLevel']): Logger {
  return pino({ level, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ dest: 1, sync: false }))
}
