import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from '../../forms-service/config.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { freePort } from '../../scripts/net.js'
import { exited, failedStart, json, logLines, spawnService, root, tempDir } from './helpers.js'
import { existsSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataFile: path.resolve('data/db.json'),
      adminPassword: null,
      corsOrigins: [],
      rateLimitPerMinute: 60,
      bookingsPerAddressPerDay: 3,
      availabilityPerMinute: 120,
      trustProxy: 0,
      production: false,
    })
    // An empty variable is an unset one.
    expect(readConfig({ BOOKINGS_PER_ADDRESS_PER_DAY: '', AVAILABILITY_PER_MINUTE: ' ' })).toMatchObject({
      bookingsPerAddressPerDay: 3,
      availabilityPerMinute: 120,
    })
  })

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_FILE: path.join(os.tmpdir(), 'db.json'),
      ADMIN_PASSWORD: 'a-long-enough-secret',
      CORS_ORIGINS: 'https://example.com, https://www.example.com/',
      RATE_LIMIT_PER_MINUTE: '0',
      BOOKINGS_PER_ADDRESS_PER_DAY: '0',
      BOOKINGS_PER_NETWORK_PER_DAY: '4',
      MAIL_TO_STRANGERS_PER_CLIENT_PER_DAY: '7',
      MAIL_TO_STRANGERS_PER_NETWORK_PER_DAY: '0',
      MAIL_TO_STRANGERS_PER_HOUR: '250',
      BOOKING_CHALLENGE_PER_HOUR: '12',
      BOOKING_CHALLENGE_MAX_NUMBER: '80000',
      AVAILABILITY_PER_MINUTE: '30',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Bluebonnet Digital <hello@example.com>',
      NOTIFY_TO: 'leads@example.com',
      SITE_URL: 'https://example.com/',
      API_URL: 'https://api.example.com',
      CONTENT_DIR: '/srv/content',
      OUTBOX_DIR: '/var/lib/forms/outbox',
      SEND_EMAILS: 'false',
    })
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataFile: path.join(os.tmpdir(), 'db.json'),
      adminPassword: 'a-long-enough-secret',
      corsOrigins: ['https://example.com', 'https://www.example.com'],
      rateLimitPerMinute: 0,
      bookingsPerAddressPerDay: 0,
      bookingsPerNetworkPerDay: 4,
      strangerMail: { perClientPerDay: 7, perNetworkPerDay: 0, perHour: 250 },
      bookingChallenge: { perHour: 12, maxNumber: 80_000 },
      availabilityPerMinute: 30,
      trustProxy: 1,
      production: true,
      unsubscribeSecret: 'an-unsubscribe-secret-of-32-characters',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Bluebonnet Digital <hello@example.com>',
      notifyTo: 'leads@example.com',
      siteUrl: 'https://example.com',
      apiUrl: 'https://api.example.com',
      contentDir: '/srv/content',
      outboxDir: '/var/lib/forms/outbox',
      sendEmails: false,
    })
    expect(readConfig({ DATA_FILE: ':memory:' }).dataFile).toBeNull()
  })

  it.each([
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 0 to 65535 \(got "eighty"\)$/],
    [{ PORT: '70000' }, /^PORT /],
    [{ PORT: '-1' }, /^PORT /],
    [{ NODE_ENV: 'production', ADMIN_PASSWORD: ' ' }, /^ADMIN_PASSWORD must be set when NODE_ENV=production$/],
    [{ RATE_LIMIT_PER_MINUTE: '1.5' }, /^RATE_LIMIT_PER_MINUTE /],
    [{ BOOKINGS_PER_ADDRESS_PER_DAY: '-1' }, /^BOOKINGS_PER_ADDRESS_PER_DAY must be a whole number from 0 /],
    [{ BOOKINGS_PER_NETWORK_PER_DAY: 'six' }, /^BOOKINGS_PER_NETWORK_PER_DAY must be a whole number from 0 /],
    [{ MAIL_TO_STRANGERS_PER_HOUR: '1e3' }, /^MAIL_TO_STRANGERS_PER_HOUR must be a whole number from 0 /],
    [{ AVAILABILITY_PER_MINUTE: 'lots' }, /^AVAILABILITY_PER_MINUTE must be a whole number from 0 /],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be the number of proxies in front of the service/],
    [{ TRUST_PROXY: '11' }, /^TRUST_PROXY must be the number/],
    [{ NODE_ENV: 'Production' }, /^ADMIN_PASSWORD must be set when NODE_ENV=production$/],
    [{ CORS_ORIGINS: 'example.com' }, /^CORS_ORIGINS must be comma-separated origins/],
    [{ CORS_ORIGINS: 'https://example.com/path' }, /^CORS_ORIGINS /],
    [{ ADMIN_PASSWORD: 'short' }, /^ADMIN_PASSWORD must be at least 12 characters long$/],
    [{ NODE_ENV: 'production' }, /^ADMIN_PASSWORD must be set when NODE_ENV=production$/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    [{ DATA_FILE: '/no/such/folder/db.json' }, /^DATA_FILE's folder \/no\/such\/folder does not exist; create it or mount the volume first$/],
    [{ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-enough-secret' }, /^UNSUBSCRIBE_SECRET must be set when NODE_ENV=production/],
    [{ UNSUBSCRIBE_SECRET: 'short' }, /^UNSUBSCRIBE_SECRET must be at least 32 characters long$/],
    [{ SMTP_URL: 'http://mail.example.com' }, /^SMTP_URL must look like smtp:/],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, /^MAIL_FROM must be one email address/],
    [{ NOTIFY_TO: 'leads@example.com\nBcc: x@example.com' }, /^NOTIFY_TO must be one email address/],
    [{ SITE_URL: 'example.com' }, /^SITE_URL must be an http\(s\) URL/],
    [{ MAIL_DELIVERY: 'disk' }, /^MAIL_DELIVERY must be one of smtp, folder \(got "disk"\)$/],
    [{ MAIL_DELIVERY: 'smtp' }, /^MAIL_DELIVERY=smtp needs SMTP_URL/],
    [{ MAIL_DELIVERY: 'folder', SMTP_URL: 'smtp://mail.example.com:587' }, /^MAIL_DELIVERY=folder and SMTP_URL are both set/],
    [
      {
        NODE_ENV: 'production',
        ADMIN_PASSWORD: 'a-long-enough-secret',
        UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters',
        OUTBOX_DIR: '/data/outbox',
      },
      /^SMTP_URL must be set when NODE_ENV=production; to write every email to a folder instead, where none is sent, choose it: MAIL_DELIVERY=folder/,
    ],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(message)
  })

  it('reads an empty variable as unset, as .env.example and compose pass them', () => {
    const empty = { PORT: '', SMTP_URL: '', MAIL_FROM: ' ', NOTIFY_TO: '', SITE_URL: '', DATABASE_URL: '', OUTBOX_DIR: '', MAIL_DELIVERY: '', LOG_LEVEL: '' }
    expect(readConfig(empty)).toEqual(readConfig({}))
  })

  it('writes emails to a folder in production only when MAIL_DELIVERY=folder chooses it', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-enough-secret', UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters' }
    expect(readConfig({ ...production, MAIL_DELIVERY: 'Folder' })).toMatchObject({ mailDelivery: 'folder', smtpUrl: null })
    expect(readConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587' }).mailDelivery).toBeNull()
    expect(readConfig({}).mailDelivery).toBeNull()
  })

  it("does not check DATA_FILE's folder when the records are in DATABASE_URL", () => {
    const config = readConfig({ DATA_FILE: '/no/such/folder/db.json', DATABASE_URL: 'postgres://forms@db.example.com/forms' })
    expect([config.dataFile, config.databaseUrl]).toEqual(['/no/such/folder/db.json', 'postgres://forms@db.example.com/forms'])
  })

  it('reads TRUST_PROXY as a number of proxy hops', () => {
    expect(readConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(1)
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
  })

  it('reads BUSY_CALENDAR_URLS as http(s) addresses separated by spaces or commas, and never repeats their secret path', () => {
    const google = 'https://calendar.google.com/calendar/ical/agency%40gmail.com/private-0123abcd/basic.ics'
    const outlook = 'https://outlook.office365.com/owa/calendar/0a1b@example.com/private-4567cdef/calendar.ics'
    expect(readConfig({ BUSY_CALENDAR_URLS: `${google}, ${outlook}\n` }).busyCalendarUrls).toEqual([google, outlook])
    expect(readConfig({ BUSY_CALENDAR_URLS: `${google} ${outlook}` }).busyCalendarUrls).toEqual([google, outlook])
    expect(readConfig({ BUSY_CALENDAR_URLS: ' ' }).busyCalendarUrls).toEqual([])
    expect(readConfig({}).busyCalendarRefreshMs).toBe(5 * 60_000)
    expect(readConfig({ BUSY_CALENDAR_REFRESH_MINUTES: '15' }).busyCalendarRefreshMs).toBe(15 * 60_000)
    for (const [value, message] of [
      ['calendar.google.com/calendar/ical/private-0123abcd/basic.ics', /^BUSY_CALENDAR_URLS must be http\(s\) addresses of iCalendar files/],
      [`${google},ftp://example.com/private-0123abcd.ics`, /^BUSY_CALENDAR_URLS must be http\(s\) addresses/],
      ['webcal://p01-caldav.icloud.com/published/2/private-0123abcd', /^BUSY_CALENDAR_URLS holds a webcal:\/\/ address: write it with https:\/\/ instead/],
    ] as const) {
      expect(() => readConfig({ BUSY_CALENDAR_URLS: value })).toThrow(ConfigError)
      expect(() => readConfig({ BUSY_CALENDAR_URLS: value })).toThrow(message)
      expect(() => readConfig({ BUSY_CALENDAR_URLS: value })).toThrow(/^((?!private-0123abcd).)*$/)
    }
    expect(() => readConfig({ BUSY_CALENDAR_REFRESH_MINUTES: '0' })).toThrow(/^BUSY_CALENDAR_REFRESH_MINUTES must be a whole number from 1 to 1440/)
  })

  it('reads BUSY_CALENDAR_REDIRECT_HOSTS as host names, with a port or a leading *.', () => {
    expect(readConfig({}).busyCalendarRedirectHosts).toEqual([])
    expect(readConfig({ BUSY_CALENDAR_REDIRECT_HOSTS: 'P52-caldav.iCloud.com, *.icloud.com cal.example.com:8443' }).busyCalendarRedirectHosts).toEqual([
      'p52-caldav.icloud.com',
      '*.icloud.com',
      'cal.example.com:8443',
    ])
    for (const value of ['https://cal.example.com', 'cal.example.com/path', '*', 'a.*.example.com', 'user@cal.example.com'])
      expect(() => readConfig({ BUSY_CALENDAR_REDIRECT_HOSTS: value })).toThrow(/^BUSY_CALENDAR_REDIRECT_HOSTS must be host names/)
  })

  it('never echoes the admin password in its message', () => {
    expect(() => readConfig({ ADMIN_PASSWORD: 'hunter2' })).toThrow(/^((?!hunter2).)*$/)
  })

  it('stops the start with one JSON line and exit code 1', async () => {
    const { code, output } = await failedStart({ PORT: 'eighty' })
    expect(code).toBe(1)
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([expect.objectContaining({ level: 'fatal', msg: 'forms-service: PORT must be a whole number from 0 to 65535 (got "eighty")' })])
  })

  it('refuses the memory-only store in production, in one line, and keeps it for development', async () => {
    const { code, output } = await failedStart({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-enough-secret',
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters',
      MAIL_DELIVERY: 'folder',
      DATA_FILE: ':memory:',
    })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: 'forms-service: DATA_FILE=:memory: keeps nothing on disk and cannot be used when NODE_ENV=production; set DATA_FILE to a file on a volume',
      }),
    ])
    expect(readConfig({ NODE_ENV: 'development', DATA_FILE: ':memory:' }).dataFile).toBeNull()
  })

  it('says which variable points at a database it cannot reach, without its password', async () => {
    const port = await freePort()
    const { code, output } = await failedStart({
      PORT: '0',
      DATABASE_URL: `postgres://forms:a-db-password@127.0.0.1:${port}/forms`,
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters',
    })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: `forms-service: cannot start: cannot reach the database of DATABASE_URL (127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}`,
      }),
    ])
    expect(output).not.toContain('a-db-password')
  })

  it('refuses to start on a database without UNSUBSCRIBE_SECRET, saying how to make one, before it connects', async () => {
    const port = await freePort()
    const { code, output } = await failedStart({
      PORT: '0',
      DATA_FILE: path.join(tempDir(), 'db.json'),
      DATABASE_URL: `postgres://forms@127.0.0.1:${port}/forms`,
    })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: 'forms-service: cannot start: UNSUBSCRIBE_SECRET must be set when DATABASE_URL is set: every replica must sign links with the same key (make one with: openssl rand -base64 32)',
      }),
    ])
  })

  it('makes its default data folder when it is not there yet, as in a fresh checkout', async () => {
    const dir = tempDir()
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    const server = `${process.execPath} --import ${tsx} ${path.join(root, 'forms-service/server.ts')}`
    const { url } = await spawnService({ PORT: '0', SITE_DIR: dir }, ['-c', `cd ${dir} && exec ${server}`], 'sh')
    expect((await json(`${url}/api/newsletter-subscription`, { email: 'first@example.com' })).status).toBe(201)
    expect(existsSync(path.join(dir, 'data'))).toBe(true)
  })

  it('says which data folder it cannot write, as which uid, and the chown to run, in one line', async () => {
    // The tests run as root, which writes anywhere: the service then runs as nobody, as the image runs as node.
    const asRoot = process.getuid?.() === 0
    const uid = asRoot ? Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout) : process.getuid!()
    const gid = asRoot ? Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout) : process.getgid!()
    const dir = tempDir()
    const data = path.join(dir, 'data')
    await mkdir(data)
    await chmod(dir, 0o755)
    await chmod(data, 0o555)
    const node = [process.execPath, '--import', 'tsx', 'forms-service/server.ts']
    const [command, ...args] = asRoot ? ['runuser', '-u', 'nobody', '--', ...node] : node
    const { code, output } = await failedStart(
      { PORT: '0', DATA_FILE: path.join(data, 'db.json'), CONTENT_DIR: fixtureContentDir },
      { command: command!, entry: args },
    )
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: `forms-service: cannot start: the data folder ${data} is not writable by uid ${uid}, the user this process runs as: run chown -R ${uid}:${gid} on it (for a bind mount, on the host folder, e.g. chown -R ${uid}:${gid} ./data)`,
      }),
    ])
  })

  it('says which process holds the data file, in one line', async () => {
    const dataFile = path.join(tempDir(), 'db.json')
    const first = await spawnService({ PORT: '0', DATA_FILE: dataFile })
    const { code, output } = await failedStart({ PORT: '0', DATA_FILE: dataFile, CONTENT_DIR: fixtureContentDir })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: expect.stringMatching(
          new RegExp(`^forms-service: cannot start: the data file is in use by another process \\(pid ${first.child.pid} where it runs\\)`),
        ),
      }),
    ])
  })

  it('makes up an admin password outside production and prints it once', async () => {
    const { url, output } = await spawnService({ PORT: '0', DATA_FILE: ':memory:' })
    const password = logLines(output()).find((line) => line.url === url)?.adminPassword
    expect(password).toMatch(/^[\w-]{20,}$/)
    await fetch(`${url}/api/admin/newsletter-subscribers`, { headers: { Authorization: `Bearer ${password}` } }).then((res) => expect(res.status).toBe(200))
  })
})

describe('npm start', () => {
  it('says which port is busy instead of a stack trace', async () => {
    const { url } = await spawnService({ PORT: '0', DATA_FILE: ':memory:' })
    const port = new URL(url).port
    const { code, output } = await failedStart({ PORT: port, DATA_FILE: ':memory:' })
    expect(code).toBe(1)
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: `forms-service: cannot start: port ${port} on 127.0.0.1 is already in use (another \`npm start\`?); stop it, or set PORT to another port`,
      }),
    ])
  })

  it('reads .env from the folder it runs in, an empty line there counting as unset', async () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    await mkdir(site)
    const password = 'a-password-from-the-env-file'
    await writeFile(
      path.join(dir, '.env'),
      [
        `ADMIN_PASSWORD=${password}`,
        'SITE_URL=',
        'SMTP_URL=',
        'PORT=0',
        `DATA_FILE=${path.join(dir, 'db.json')}`,
        `SITE_DIR=${site}`,
        `CONTENT_DIR=${fixtureContentDir}`,
      ]
        .map((line) => `${line}\n`)
        .join(''),
    )
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    const child = spawn(process.execPath, ['--import', tsx, path.join(root, 'scripts/start.ts')], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', SKIP_SITE_BUILD: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = /listening on (http:\/\/[^\s;"]+)/.exec(output)
          if (match) resolve(match[1]!)
        })
        child.once('exit', () => reject(new Error(output)))
      })
      expect(output).not.toContain('generated for this run')
      expect((await fetch(`${url}/api/admin/summary`, { headers: { Authorization: `Bearer ${password}` } })).status).toBe(200)
    } finally {
      child.kill('SIGTERM')
      await exited(child)
    }
  }, 60_000)

  it('stops the server when npm itself gets SIGTERM', async () => {
    const dir = tempDir()
    // dist/ up to date is not needed: the script builds only when the site is missing or stale, so point it at an empty site.
    const child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        DATA_FILE: path.join(dir, 'db.json'),
        LOG_LEVEL: 'warn',
        SKIP_SITE_BUILD: '1',
        CONTENT_DIR: fixtureContentDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/[^\s;"]+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', () => reject(new Error(output)))
    })
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    child.kill('SIGTERM')
    await exited(child)
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  }, 60_000)
})
