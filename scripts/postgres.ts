import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './net.js'

/** Debian's PostgreSQL 15 (`apt-get install postgresql`); `PG_BIN` points elsewhere. */
const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export interface TestPostgres {
  /** The server's admin URL (database `postgres`). */
  url: string
  port: number
  /** A fresh, empty database; its URL. */
  createDatabase(): Promise<string>
  /** Stops the server (`immediate`: like a crash) or starts it again on the same port and files. */
  stop(mode?: 'fast' | 'immediate'): void
  start(): void
  /** Stops the server and removes its files. */
  remove(): void
}

/**
 * A throwaway PostgreSQL server in a temporary folder, listening on 127.0.0.1. The server refuses to
 * run as root, so as root it runs as the `postgres` user.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-'))
  const data = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' })
  if (asRoot) {
    const { uid, gid } = userIds('postgres')
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=32MB`
  const start = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'])
  }
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    createDatabase: () => createDatabase(url),
    stop,
    start,
    remove() {
      spawnSync(
        asRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
        asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'],
      )
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let databases = 0

/** A fresh, empty database on the server at `serverUrl`; its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `test_${process.pid}_${++databases}_${Date.now().toString(36)}`
  const client = new pg.Client(serverUrl)
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href
}

function userIds(name: string): { uid: number; gid: number } {
  const [uid, gid] = execFileSync('id', ['-u', name])
    .toString()
    .trim()
    .concat(' ', execFileSync('id', ['-g', name]).toString().trim())
    .split(' ')
    .map(Number)
  return { uid: uid!, gid: gid! }
}
