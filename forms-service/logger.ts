import { pino, type Logger } from 'pino'
import type { Config } from './config.js'

/**
 * The service's one logger: a JSON line per event on stdout, the level as its name (`"level":"error"`,
 * which a log search can match without knowing pino's numbers). Written asynchronously
 * and in batches: lines wait until 4 kB have gathered or a second has passed (a write per request line
 * was a measurable part of a subscription's time, docs/performance.md), so a quiet service's line
 * appears within a second. pino writes what is left
 * synchronously when the process exits (process.exit included), so only a kill -9 can lose the last
 * second's lines.
 */
export function serviceLogger(level: Config['logLevel']): Logger {
  return pino({ level, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }))
}

/**
 * Ends the process with exit code 1 after one `fatal` line: the one way the service gives up (a bad
 * variable, a start that fails, a crash). pino writes a fatal line synchronously, with the lines
 * gathered before it ("the fatal method will always sync flush the destination", pino's API docs), so
 * it is in the pipe before `process.exit`, however busy the machine. Whoever reads that pipe waits for
 * its end (a child process's 'close'): its 'exit' can come before the last output is read.
 */
export function exitWithFatal(logger: Logger, message: string, fields: Record<string, unknown> = {}): never {
  logger.fatal(fields, message)
  process.exit(1)
}
