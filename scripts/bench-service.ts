// The forms service's production build in a child process, for the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process'
import { openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const root = path.resolve(import.meta.dirname, '..')
export const adminPassword = 'bench-admin-password'

/**
 * The production build on `dataFile`. Unless `env` says otherwise, emails are queued but not sent:
 * the store's figures are measured on their own, and the email figures by `benchEmailLatency`.
 */
export async function startService(dataFile: string, workDir: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  return startChild(['forms-service/build/forms-service/server.js'], workDir, {
    DATA_FILE: dataFile,
    ADMIN_PASSWORD: adminPassword,
    UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-of-32-characters',
    RATE_LIMIT_PER_MINUTE: '0',
    BOOKINGS_PER_ADDRESS_PER_DAY: '0',
    BOOKINGS_PER_NETWORK_PER_DAY: '0',
    BOOKING_CHALLENGE_PER_HOUR: '0',
    AVAILABILITY_PER_MINUTE: '0',
    SEND_EMAILS: 'false',
    MAIL_DELIVERY: 'folder',
    OUTBOX_DIR: path.join(workDir, 'outbox'),
    ...env,
  })
}

/** The bare Koa + ajv endpoint (bench-bare.ts) that keeps nothing, on the same terms as the service. */
export function startBare(workDir: string): Promise<{ url: string; child: ChildProcess }> {
  return startChild(['--import', 'tsx', 'scripts/bench-bare.ts'], workDir, {})
}

async function startChild(args: string[], workDir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const logFile = path.join(workDir, `service-${Date.now()}.log`)
  // Request logs go to a file, as they would to a container's log driver, not through this process.
  const out = openSync(logFile, 'w')
  // BENCH_CPU_PROF=<folder>: each child writes a .cpuprofile there when it stops (scripts/cpu-profile-top.ts reads it).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', out, out],
  })
  for (let waited = 0; waited < 30_000; waited += 50) {
    const match = /listening on (http:\/\/[^\s;"]+)/.exec(readFileSync(logFile, 'utf8'))
    if (match) return { url: match[1]!, child }
    if (child.exitCode !== null) break
    await sleep(50)
  }
  throw new Error(`the service did not start:\n${readFileSync(logFile, 'utf8')}`)
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
