import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { createApp, type AppOptions } from './app.js'
import { defaultConfig, type Config } from './config.js'
import { openStore } from './store/store.js'

export interface RunningService {
  url: string
  port: number
  /** The configuration in force, with the generated admin password if none was given. */
  config: Config
  /** Stops taking requests, lets the ones under way finish, then closes the store. */
  close(): Promise<void>
}

/**
 * Opens the store and listens (`port: 0` picks a free port). Outside production a missing admin
 * password is made up; the caller decides whether to print it.
 */
export async function startService(overrides: Partial<Config> = {}, options: AppOptions = {}): Promise<RunningService> {
  const config: Config = { ...defaultConfig, ...overrides }
  if (config.adminPassword === null) {
    if (config.production) throw new Error('ADMIN_PASSWORD must be set when NODE_ENV=production')
    config.adminPassword = randomBytes(18).toString('base64url')
  }
  const logger = options.logger ?? pino({ level: config.logLevel })
  const store = await openStore(config.dataFile, {
    compactJournalBytes: config.compactJournalBytes,
    onBackgroundError: (error, task) => logger.error({ err: error }, `${task} failed`),
  })
  const app = createApp(config, store, { ...options, logger })
  const server = app.listen(config.port, config.host)
  try {
    await once(server, 'listening')
  } catch (error) {
    await store.close()
    throw error
  }
  const { port } = server.address() as AddressInfo
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  let closing: Promise<void> | null = null
  // Once closing, every answer asks its keep-alive client to hang up, so busy connections end too.
  server.on('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close')
  })
  return {
    url: `http://${host}:${port}`,
    port,
    config,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        // Connections go as soon as they are idle; clients that never finish get 10 s, then are cut off.
        const closeIdle = setInterval(() => server.closeIdleConnections(), 50)
        server.closeIdleConnections()
        const force = setTimeout(() => server.closeAllConnections(), 10_000).unref()
        await closed
        clearInterval(closeIdle)
        clearTimeout(force)
        await store.close()
      })()),
  }
}
