import { emailHoldReasons } from '../../contract/wire/inbox.js'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startService, type RunningService } from '../../forms-service/service.js'
import { migrations } from '../../forms-service/store/postgres/migrations.js'
import type { Config } from '../../forms-service/config.js'
import type { ServiceOptions } from '../../forms-service/service.js'
import { capturedLogger, freshStore, json, onPostgres, root, spreadConsultation, testApp, testServiceOptions, validContact } from './helpers.js'
import { freePort, startSmtp } from './smtp.js'

const metricsToken = 'a-metrics-token-of-32-characters-or-more'
const auth = { Authorization: `Bearer ${metricsToken}` }

const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0).reverse()) await service.close()
})

async function service(overrides: Partial<Config> = {}, options: ServiceOptions = {}) {
  const { logger, lines } = capturedLogger()
  const started = await startService(
    { ...testServiceOptions, ...(await freshStore()), metricsToken, logLevel: 'info', ...overrides },
    { logger, sender: { pollMs: 100, retryBaseMs: 100, retryMaxMs: 200 }, ...options },
  )
  running.push(started)
  return { ...started, lines }
}

/** A Prometheus text answer: its samples (`name{labels}` -> value) and the names its `# TYPE` lines declare. */
function exposition(text: string) {
  const samples = new Map<string, number>()
  const names = new Set<string>()
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)$/.exec(line)
    if (type) {
      names.add(type[1]!)
      // A histogram is read through its series.
      if (type[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${type[1]}${suffix}`)
    }
    const sample = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line)
    if (sample) samples.set(sample[1]!, Number(sample[2]))
  }
  return { samples, names }
}

const scrape = async (url: string) => exposition(await (await fetch(`${url}/metrics`, { headers: auth })).text())

describe('process and Node metrics', () => {
  it("are in every app's /metrics beside its own, however many apps one process makes", async () => {
    const apps = [await testApp({ metricsToken }), await testApp({ metricsToken }), await testApp({ metricsToken })]
    await apps[0]!.http.post('/api/contact').send(validContact()).expect(201)
    for (const [index, app] of apps.entries()) {
      const { samples, names } = exposition((await app.http.get('/metrics').set(auth).expect(200)).text)
      for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_active_handles_total'])
        expect(names).toContain(name)
      expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(1_000_000)
      // Each app still counts only its own requests.
      expect(samples.get('forms_http_requests_total{method="POST",route="/api/contact",status="201"}')).toBe(index === 0 ? 1 : undefined)
    }
  })
})

describe('the outbox gauges', () => {
  it('tell emails due now from those scheduled later: a busy booking day grows only the later ones', async () => {
    const { url } = await service({ sendEmails: true })
    for (let i = 0; i < 6; i++) expect((await json(`${url}/api/consultation`, spreadConsultation(i))).status).toBe(201)
    // The confirmations and notifications go at once; each meeting's reminder (and the digest) waits for its day.
    await expect.poll(async () => (await scrape(url)).samples.get('forms_outbox_queued_emails{due="now"}')).toBe(0)
    const { samples } = await scrape(url)
    expect(samples.get('forms_outbox_queued_emails{due="later"}')).toBeGreaterThanOrEqual(6)
    expect(samples.get('forms_outbox_emails{state="queued"}')).toBe(samples.get('forms_outbox_queued_emails{due="later"}'))
    expect(samples.get('forms_outbox_oldest_queued_age_seconds')).toBe(0)
  })

  it('hold every queued email, due now or later, while the mail server is down', async () => {
    const { url } = await service({ sendEmails: true, smtpUrl: `smtp://127.0.0.1:${await freePort()}` })
    await json(`${url}/api/contact`, validContact())
    await expect.poll(async () => (await scrape(url)).samples.get('forms_email_send_failures_total{reason="connection"}')).toBeGreaterThanOrEqual(1)
    const { samples } = await scrape(url)
    // The contact's two (due again after each failure) and the digests, each counted once.
    expect(samples.get('forms_outbox_queued_emails{due="now"}')! + samples.get('forms_outbox_queued_emails{due="later"}')!).toBe(
      samples.get('forms_outbox_emails{state="queued"}'),
    )
    expect(samples.get('forms_outbox_emails{state="queued"}')).toBeGreaterThanOrEqual(3)
  })
})

describe('forms_email_send_failures_total', () => {
  it('counts a mail server that refuses as refused, and none as sent', async () => {
    const smtp = await startSmtp({ refuse: () => true })
    const { url, lines } = await service({ sendEmails: true, smtpUrl: smtp.url })
    await json(`${url}/api/contact`, validContact())
    await expect.poll(async () => (await scrape(url)).samples.get('forms_email_send_failures_total{reason="refused"}')).toBe(2)
    const { samples } = await scrape(url)
    for (const reason of ['timeout', 'connection', 'other']) expect(samples.get(`forms_email_send_failures_total{reason="${reason}"}`)).toBe(0)
    expect(samples.get('forms_email_delivery{delivery="smtp"}')).toBe(1)
    expect(lines.filter((line) => line.msg === 'email not sent').map((line) => line.reason)).toEqual(['refused', 'refused'])
  })
})

describe('store maintenance', () => {
  it.runIf(!onPostgres)('logs and counts each compaction of the journal, while running and at start', async () => {
    const store = await freshStore()
    const first = await service({ ...store, compactJournalBytes: 2048 })
    for (let i = 0; i < 10; i++) await json(`${first.url}/api/contact`, validContact({ email: `compact-${i}@example.com` }))
    await expect.poll(async () => (await scrape(first.url)).samples.get('forms_journal_compactions_total')).toBeGreaterThanOrEqual(1)
    expect(first.lines.find((line) => String(line.msg).startsWith('journal compacted into the data file'))).toMatchObject({
      level: 30,
      kind: 'compaction',
      atStart: false,
    })
    await first.close()

    // A journal left by a stop (or a crash) is folded in at the next start.
    const other = await freshStore()
    const stopped = await service({ ...other, compactJournalBytes: 1024 * 1024 })
    await json(`${stopped.url}/api/contact`, validContact({ email: 'after@example.com' }))
    expect(stopped.lines.filter((line) => line.kind === 'compaction')).toEqual([])
    await stopped.close()
    const second = await service({ ...other, compactJournalBytes: 1024 * 1024 })
    expect(second.lines.filter((line) => line.kind === 'compaction')).toEqual([expect.objectContaining({ atStart: true, level: 30 })])
    const { samples } = await scrape(second.url)
    expect(samples.get('forms_journal_compactions_total')).toBe(1)
    // No schema version without PostgreSQL.
    expect(samples.has('forms_schema_version')).toBe(false)
  })

  it.runIf(onPostgres)('logs and counts the schema migrations a replica applies, and none for the next replica', async () => {
    const { databaseUrl } = await freshStore()
    const latest = migrations.at(-1)!.version
    const first = await service({ databaseUrl })
    expect(first.lines.filter((line) => line.kind === 'migration')).toEqual([
      expect.objectContaining({
        level: 30,
        from: 0,
        to: latest,
        msg: expect.stringMatching(`^database schema migrated from version 0 to ${latest} in \\d+ ms$`),
      }),
    ])
    expect((await scrape(first.url)).samples.get('forms_schema_migrations_total')).toBe(migrations.length)
    const second = await service({ databaseUrl })
    expect(second.lines.filter((line) => line.kind === 'migration')).toEqual([])
    const { samples } = await scrape(second.url)
    expect(samples.get('forms_schema_migrations_total')).toBe(0)
    expect(samples.get('forms_schema_version')).toBe(latest)
  })
})

/** The alert rules of the operators' guide (docs/operators.md, "Operations"): the one place they are written. */
function readmeAlertRules(): Array<{ alert: string; expr: string }> {
  const readme = readFileSync(path.join(root, 'docs/operators.md'), 'utf8')
  const block = /```yaml\n(groups:\n[\s\S]*?)```/.exec(readme)
  expect(block, "the operators' guide has its alert rules in a ```yaml block that starts with groups:").not.toBeNull()
  const { groups } = parse(block![1]!) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> }
  return groups.flatMap((group) => group.rules)
}

// PromQL's words that are not metric names: aggregations, functions, keywords.
const promqlWords = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'and', 'or', 'unless', 'inf', 'nan'])

/** The metric names a PromQL expression selects: identifiers that are not functions, keywords, labels or durations. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    // The labels of `by (…)` and `without (…)`.
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
  return [...bare.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*/g)]
    .filter(
      (match) =>
        !bare
          .slice(match.index + match[0].length)
          .trimStart()
          .startsWith('('),
    )
    .map((match) => match[0])
    .filter((word) => !promqlWords.has(word.toLowerCase()) && !/^e\d+$/.test(word))
}

describe("the operators' guide's alert rules", () => {
  it('name only metrics that /metrics has, on either store, and are well formed', async () => {
    const rules = readmeAlertRules()
    expect(rules.length).toBeGreaterThanOrEqual(5)
    // A service that sends, so that its delivery gauge is set as in production.
    const { url } = await service({ sendEmails: true })
    await json(`${url}/api/contact`, validContact())
    const { names } = await scrape(url)
    for (const rule of rules) {
      const used = metricNames(rule.expr)
      expect(used.length, `${rule.alert} names a metric`).toBeGreaterThan(0)
      for (const name of used) expect(names, `${rule.alert}: ${name}`).toContain(name)
      // Brackets and quotes that close: what a typo in an example leaves open.
      for (const [open, close] of ['()', '{}', '[]'])
        expect(rule.expr.split(open!).length, `${rule.alert}: ${open}${close}`).toBe(rule.expr.split(close!).length)
      expect(rule.expr.split('"').length % 2, `${rule.alert}: quotes`).toBe(1)
    }
  })

  it('page on a burst of emails held by a budget of emails to strangers, each reason one the outbox holds for', () => {
    const burst = readmeAlertRules().find((rule) => rule.alert === 'FormsEmailsHeldBurst')!
    const reasons = /forms_emails_held_total\{reason=~"([^"]+)"\}/.exec(burst.expr)?.[1]?.split('|')
    expect(reasons).toEqual(['client-budget', 'network-budget', 'hourly-budget'])
    for (const reason of reasons!) expect(emailHoldReasons).toContain(reason)
    expect(burst.expr).toMatch(/increase\(.*\[15m\]\)\) > 0$/)
  })

  it('do not page on a busy booking day: the growing outbox counts only what is due now', () => {
    const growing = readmeAlertRules().find((rule) => rule.alert === 'FormsOutboxGrowing')!
    expect([...growing.expr.matchAll(/(\w+)\{([^}]*)\}/g)].map(([, name, labels]) => [name, labels])).toEqual([
      ['forms_outbox_queued_emails', 'due="now"'],
      ['forms_outbox_queued_emails', 'due="now"'],
    ])
  })
})
