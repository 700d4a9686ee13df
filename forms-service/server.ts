import { type Config, ConfigError, readConfig } from './config.js'
import { exitWithFatal, serviceLogger } from './logger.js'
import { startService } from './service.js'

// The production entry point (`node forms-service/build/forms-service/server.js`): configuration from the
// environment only. Every line it writes is one JSON object (pino), from the start line to the last:
// a wrong variable is one `fatal` line naming it, then exit code 1. Every way it gives up at start (a bad
// variable, a folder it cannot write, a data file another process holds, a database it cannot reach or
// whose schema is newer than it knows) ends through exitWithFatal, whose line is written before the exit.
let config: Config
try {
  config = readConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  exitWithFatal(serviceLogger('info'), `forms-service: ${error.message}`)
}
const generatedPassword = config.adminPassword === null
const logger = serviceLogger(config.logLevel)

// The last resort: whatever escaped every other handler leaves one JSON line, then the process exits on
// purpose (code 1) so the platform's restart policy starts a clean one, rather than running on in an
// unknown state. Store and mail outages are handled where they happen and never get here.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => exitWithFatal(logger, 'forms-service: crashed, exiting', { err: error, event }))
}

const service = await startService(config, { logger }).catch((error: NodeJS.ErrnoException) => {
  const reason =
    error.code === 'EADDRINUSE'
      ? `port ${config.port} on ${config.host} is already in use (another \`npm start\`?); stop it, or set PORT to another port`
      : error.message
  exitWithFatal(logger, `forms-service: cannot start: ${reason}`)
})

// The start line says where email goes: an operator must not learn from an empty inbox that nothing is sent.
const email =
  service.email.delivery === 'smtp'
    ? `email is sent through ${service.email.server}`
    : `email is written to a folder, not sent: each one goes to ${service.email.folder} (set SMTP_URL to send)`
// Written whatever LOG_LEVEL says: the start line is the one an operator always needs; a warning when
// nothing is sent, so that a log alert on warnings sees it too. Flushed at once: whoever started the
// service waits for this line.
const startLog = serviceLogger('info')
startLog[service.email.delivery === 'folder' ? 'warn' : 'info'](
  {
    url: service.url,
    email: service.email,
    store: config.databaseUrl ? 'postgres' : 'file',
    ...(generatedPassword ? { adminPassword: service.config.adminPassword } : {}),
  },
  `forms-service listening on ${service.url}; ${email}${generatedPassword ? `; admin password (generated for this run; set ADMIN_PASSWORD to choose one): ${service.config.adminPassword}` : ''}`,
)
startLog.flush()

// SIGTERM (a platform's stop, a rolling deploy), SIGINT (Ctrl-C) and SIGHUP (the terminal or SSH session
// that ran it closed) all drain (shutdown.ts): without a handler, SIGINT and SIGHUP would end the process
// at once, cutting off requests under way. A signal while draining changes nothing: npm forwards the
// Ctrl-C the terminal already sent, and the drain ends within `shutdownGraceMs` (8 s) anyway.
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'forms-service: stopping')
    service.close().then(
      () => {
        logger.info('forms-service: stopped')
        process.exit(0)
      },
      (error: Error) => {
        logger.error({ err: error }, `forms-service: unclean shutdown: ${error.message}`)
        process.exit(1)
      },
    )
  })
}
