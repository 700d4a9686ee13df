import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startPostgres, type TestPostgres } from '../../scripts/postgres.js'
import { spawn } from 'node:child_process'
import { exited, json, logLines, root, spawnService, tempDir, validContact } from './helpers.js'
import { startSmtp } from './smtp.js'

// forms-service/compose.yaml as an operator runs it: `.env` copied from `.env.example` with only the
// secrets filled in. No Docker engine runs here, so the test does what compose would: it reads the file,
// works out the environment the `forms` container gets (the Dockerfile's ENV, then compose's
// `environment`, with `${…}` filled in from .env), and starts the service with exactly that.

interface ComposeService {
  image?: string
  restart?: string
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  deploy?: Record<string, unknown>
  healthcheck?: unknown
}
const compose = parse(readFileSync(path.join(root, 'forms-service/compose.yaml'), 'utf8')) as { services: Record<string, ComposeService> }
const dockerfile = readFileSync(path.join(root, 'forms-service/Dockerfile'), 'utf8')
const nginx = readFileSync(path.join(root, 'forms-service/compose.nginx.conf'), 'utf8')
const dockerignore = readFileSync(path.join(root, 'forms-service/Dockerfile.dockerignore'), 'utf8')
// A password as an operator generates it (`openssl rand -base64`), with what a URL cannot hold as it is.
const dbPassword = 'ex/ample+db@pass#word%2F='

/** `.env.example` as docker compose reads an env file: KEY=VALUE lines, # comments. */
function envFile(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line)
    if (match) env[match[1]!] = match[2]!.trim()
  }
  return env
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (whole, name?: string, colon?: string, op?: string, arg?: string) => {
    if (whole === '$$') return '$'
    const set = env[name!] !== undefined && (colon !== ':' || env[name!] !== '')
    if (set) return env[name!]!
    if (op === '?') throw new Error(`compose would refuse to start: ${arg}`)
    return op === '-' ? arg! : ''
  })
}

/** The ENV of the Dockerfile's last stage, the image the container runs. */
function imageEnv(): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const env: Record<string, string> = {}
  for (const [, body] of lastStage.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, name, value] of body!.matchAll(/([A-Z_][A-Z0-9_]*)=(\S*)/g)) env[name!] = value!
  }
  return env
}

/**
 * The content folder of the image: what the last stage COPYs into ./content, each source admitted by
 * the build's .dockerignore, copied into `dir` as the image has it.
 */
function imageContent(dir: string): string {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const admitted = new Set(
    dockerignore
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1).trim()),
  )
  for (const [, args] of lastStage.matchAll(/^COPY (?!--from)(.*)$/gm)) {
    const parts = args!.trim().split(/\s+/)
    const target = parts.pop()!
    if (!target.startsWith('./content')) continue
    for (const source of parts) {
      expect(admitted, `${source} is copied but not in the build context`).toContain(source)
      const to = target.endsWith('/') ? path.join(dir, target, path.basename(source)) : path.join(dir, target)
      cpSync(path.join(root, source), to, { recursive: true })
    }
  }
  return path.join(dir, 'content')
}

let server: TestPostgres
beforeAll(async () => {
  server = await startPostgres()
  // The database the `db` service makes from POSTGRES_USER and POSTGRES_DB.
  const client = new pg.Client(server.url)
  await client.connect()
  await client.query(`CREATE ROLE forms LOGIN PASSWORD '${dbPassword}'`)
  await client.query('CREATE DATABASE forms OWNER forms')
  // The test server trusts everyone; `forms` must give its password, as in the `db` container.
  const hbaFile = (await client.query<{ hba_file: string }>('SHOW hba_file')).rows[0]!.hba_file
  writeFileSync(hbaFile, `host all forms 127.0.0.1/32 scram-sha-256\nhost all forms ::1/128 scram-sha-256\n${readFileSync(hbaFile, 'utf8')}`)
  await client.query('SELECT pg_reload_conf()')
  await client.end()
})
afterAll(() => server?.remove())

/** `.env.example` as an operator fills it in: the secrets, and `filled`. */
const dotEnvWith = (filled: Record<string, string>) => ({
  ...envFile(readFileSync(path.join(root, '.env.example'), 'utf8')),
  ADMIN_PASSWORD: 'an-admin-password-for-compose',
  UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters-or-more',
  POSTGRES_PASSWORD: dbPassword,
  ...filled,
})

/**
 * The environment of the `forms` container for `dotEnv`. What differs outside a container: the `db` host
 * is the test's server, the /data volume a temporary folder, and the port a free one (HOST stays on this machine).
 */
function containerEnv(dotEnv: Record<string, string>): Record<string, string> {
  const environment = Object.fromEntries(
    Object.entries(compose.services.forms!.environment!).map(([name, value]) => [name, interpolate(String(value), dotEnv)]),
  )
  const volume = tempDir()
  return Object.fromEntries(
    Object.entries({ ...imageEnv(), ...environment, HOST: '127.0.0.1', PORT: '0', CONTENT_DIR: imageContent(tempDir()) }).map(([name, value]) => [
      name,
      value.replace('@db:5432/', `@127.0.0.1:${server.port}/`).replace(/^\/data\//, `${volume}/`),
    ]),
  )
}

describe('forms-service/compose.yaml', () => {
  it('starts the forms service as shipped, with the secrets and SMTP_URL of .env.example filled in, and sends email', async () => {
    const smtp = await startSmtp()
    const dotEnv = dotEnvWith({ SMTP_URL: smtp.url })
    const env = containerEnv(dotEnv)
    expect(env.NODE_ENV).toBe('production')
    // A wrong password is refused: the service really logs in as `forms` with the one of .env.
    const wrong = new URL(env.DATABASE_URL!)
    wrong.password = 'not-the-password'
    const refused = new pg.Client({ connectionString: wrong.href })
    await expect(refused.connect()).rejects.toThrow(/password authentication failed/)
    const service = await spawnService(env)
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200)
    expect((await json(`${service.url}/api/contact`, validContact())).status).toBe(201)
    // The agency's notification and the visitor's acknowledgement leave through the mail server.
    expect((await smtp.waitFor(2)).flatMap((mail) => mail.recipients)).toContain(validContact().email)
    const list = await fetch(`${service.url}/api/admin/messages`, { headers: { Authorization: `Bearer ${dotEnv.ADMIN_PASSWORD}` } })
    expect(((await list.json()) as { total: number }).total).toBe(1)
    // Behind a TLS terminator, nginx passes its X-Forwarded-Proto on: the admin's cookie is then Secure.
    const signIn = await json(
      `${service.url}/api/admin/session`,
      { password: dotEnv.ADMIN_PASSWORD },
      { headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' } },
    )
    expect(signIn.status).toBe(204)
    expect(signIn.headers.get('set-cookie')).toMatch(/;\s*secure/i)
  })

  it('refuses to start a replica that would only write emails to a folder, unless .env chooses it with MAIL_DELIVERY=folder', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'forms-service/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...containerEnv(dotEnvWith({})) },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    expect(await exited(child)).toBe(1)
    expect(logLines(stdout)).toEqual([expect.objectContaining({ level: 'fatal', msg: expect.stringMatching(/SMTP_URL must be set.*MAIL_DELIVERY=folder/) })])

    const env = containerEnv(dotEnvWith({ MAIL_DELIVERY: 'folder' }))
    const service = await spawnService(env)
    const start = logLines(service.output()).find((line) => line.url === service.url)
    expect(start).toMatchObject({ level: 'warn', email: { delivery: 'folder' }, msg: expect.stringContaining('written to a folder, not sent') })
    // Each replica's own volume, not a folder shared by the replicas.
    expect((start!.email as { folder: string }).folder).toMatch(/\/outbox$/)
  })

  it('restarts whatever stops, and starts each service only once what it needs is healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) expect([name, service.restart]).toEqual([name, 'unless-stopped'])
    expect(compose.services.forms!.depends_on).toEqual({ db: { condition: 'service_healthy' } })
    expect(compose.services.proxy!.depends_on).toEqual({ forms: { condition: 'service_healthy' } })
    // `forms` is healthy by the image's own HEALTHCHECK, `db` by its healthcheck.
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m)
    expect(compose.services.db!.healthcheck).toBeDefined()
    // update_config only applies to `docker stack deploy`; under `docker compose up` it promised what did not happen.
    expect(compose.services.forms!.deploy).toEqual({ replicas: 2 })
  })

  it('has nginx look the replicas up again, and keep the scheme a TLS terminator reports', () => {
    expect(nginx).toMatch(/^\s*resolver 127\.0\.0\.11 valid=\d+s/m)
    expect(nginx).toMatch(/^\s*server forms:8080 resolve;/m)
    expect(nginx).not.toMatch(/X-Forwarded-Proto \$scheme/)
    expect(nginx).toMatch(/map \$http_x_forwarded_proto \$forwarded_proto \{\s*default \$http_x_forwarded_proto;\s*"" \$scheme;\s*\}/)
    expect(compose.services.proxy!.image).toMatch(/^nginx:1\.(27\.[3-9]|2[89]|[3-9]\d)/)
  })
})
