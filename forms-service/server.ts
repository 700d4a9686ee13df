import { type Config, ConfigError, readConfig } from './config.js'
import { serviceLogger } from './logger.js'
import { startService } from './service.js'

// The production entry point (`node forms-service/build/forms-service/server.js`): configuration from the
// environment only, a one-line message and exit code 1 when it is wrong.
let config: Config
try {
  config = readConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`forms-service: ${error.message}`)
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
  console.error(`forms-service: cannot start: ${reason}`)
  process.exit(1)
})

const passwordLine = `\nAdmin password (generated for this run; set ADMIN_PASSWORD to choose one): ${service.config.adminPassword}`
console.log(`forms-service listening on ${service.url}${generatedPassword ? passwordLine : ''}`)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    service.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`forms-service: unclean shutdown: ${error.message}`)
        process.exit(1)
      },
    )
  })
}
