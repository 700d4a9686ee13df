import { type Config, ConfigError, readConfig } from './config.js'
import { serviceLogger } from './logger.js'
import { startService } from './service.js'

// The production entry point (`node forms-service/build/forms-service/server.js`): configuration from the
// environment only. Every line it writes is one JSON object (pino), from the start line to the last:
// a wrong variable is one `fatal` line naming it, then exit code 1.
let config: Config
try {
  config = readConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  serviceLogger('info').fatal(`forms-service: ${error.message}`)
  process.exit(1)
}
const generatedPassword = config.adminPassword === null
const logger = serviceLogger(config.logLevel)

// The last resort: whatever escaped every other handler leaves one JSON line, then the process exits on
// purpose (code 1) so the platform's restart policy starts a clean one, rather than running on in an
// unknown state. Store and mail outages are handled where they happen and never get here.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    logger.fatal({ err: error, event }, 'forms-service: crashed, exiting')
    process.exit(1)
  })
}

const service = await startService(config, { logger }).catch((error: NodeJS.ErrnoException) => {
  const reason =
    error.code === 'EADDRINUSE'
      ? `port ${config.port} on ${config.host} is already in use (another \`npm start\`?); stop it, or set PORT to another port`
      : error.message
  logger.fatal(`forms-service: cannot start: ${reason}`)
  process.exit(1)
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

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
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
