import { pino, type Logger } from 'pino'
import type { Config } from './config.js'

/**
 * The service's one logger: a JSON line per event on stdout, the level as its name (`"level":"error"`,
 * which a log search can match without knowing pino's numbers). Written synchronously, so the last
 * line before an exit is never lost.
 */
export function serviceLogger(level: Config['logLevel']): Logger {
  return pino({ level, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ dest: 1, sync: true }))
}
