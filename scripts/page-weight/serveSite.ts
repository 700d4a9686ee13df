// The built site on 127.0.0.1 for the benchmarks and the budget test: served by the real forms service
// (which compresses), or by a plain static host (which sends files as they are).
import type { AddressInfo } from 'node:net'
import { plainHost } from '../plainHost.ts'
import { defaultDistDir } from './dist.ts'

export type Host = 'service' | 'plain'

export interface RunningSite {
  url: string
  host: Host
  close(): Promise<void>
}

/** Serves dist/ on a free port of 127.0.0.1: the forms service with a memory store, no logs and no rate limit, or a plain host. */
export async function serveSite(distDir = defaultDistDir, host: Host = 'service'): Promise<RunningSite> {
  if (host === 'service') {
    const { startService } = await import('../../forms-service/service.ts')
    const service = await startService({
      host: '127.0.0.1',
      port: 0,
      dataFile: null,
      siteDir: distDir,
      logLevel: 'silent',
      rateLimitPerMinute: 0,
      availabilityPerMinute: 0,
      production: false,
    })
    return { url: service.url, host, close: () => service.close() }
  }
  const server = plainHost(distDir)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    host,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
