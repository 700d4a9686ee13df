// Lighthouse 12.8.2 (its default mobile configuration: Moto G Power emulation, simulated slow 4G and
// 4x CPU slowdown) on the home page, an article and a service page of the built site, each on a plain
// static host (files as they are, no compression: a bucket, a bare file server) and on the forms service
// (which compresses). Beside them, the floor: the same article as plain HTML, its scripts removed, on the
// same hosts in the same run; an article's LCP is given as a ratio to the floor's.
// Prints the median of RUNS runs (3 by default) of the four category scores, LCP, FCP, TBT, CLS and bytes,
// then the failing audits of every category whose median is below 100. A fresh headless Chromium for each
// run, so no run warms another.
//
//   npm run bench                                                   (installs this folder's packages once)
//   RUNS=5 ROUTES=/,/blog node --import tsx scripts/lighthouse/benchLighthouse.ts   (after `npm ci` here)
//
// Plain HTTP on 127.0.0.1 is fine: Lighthouse treats localhost as a secure origin.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'
import { assertDistBuilt, defaultDistDir } from '../page-weight/dist.ts'
import { serveSite, type Host } from '../page-weight/serveSite.ts'

const runs = Number(process.env.RUNS ?? 3)
const routes = (process.env.ROUTES ?? '/,/blog/automation-workflows,/service/website-design').split(',')
const hosts = (process.env.HOSTS ?? 'plain,service').split(',') as Host[]
/** Where the floor page is published in the benchmark's copy of dist/. */
const floorRoute = '/bench-floor/'
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const metrics = [
  { id: 'largest-contentful-paint', label: 'LCP', format: (value: number) => `${(value / 1000).toFixed(2)} s` },
  { id: 'total-blocking-time', label: 'TBT', format: (value: number) => `${Math.round(value)} ms` },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (value: number) => value.toFixed(3) },
  { id: 'first-contentful-paint', label: 'FCP', format: (value: number) => `${(value / 1000).toFixed(2)} s` },
  { id: 'speed-index', label: 'SI', format: (value: number) => `${(value / 1000).toFixed(2)} s` },
  { id: 'total-byte-weight', label: 'bytes', format: (value: number) => `${Math.round(value / 1000)} kB` },
] as const

export const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu']

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Lighthouse's own advice for these trace errors is to run it again; a run that fails twice more stops the bench. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'PROTOCOL_TIMEOUT'])
const ATTEMPTS = 3

async function runLighthouse(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags })
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
      const error = result.lhr.runtimeError
      if (!error) return result.lhr
      if (!RETRIED_ERRORS.has(error.code) || attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`)
      process.stdout.write(` (${error.code}, again)`)
    } finally {
      chrome.kill()
    }
  }
}

export interface RouteSummary {
  route: string
  host: Host
  scores: Record<(typeof categories)[number], number>
  metrics: Record<string, number>
  /** Failing audits of the categories whose median is below 100, with how many runs they failed in. */
  failing: { category: string; id: string; title: string; displayValue?: string; runs: number }[]
  warnings: string[]
}

/** The audits that cost a category points in one report. */
function failingAudits(lhr: Result, category: (typeof categories)[number]) {
  const result: { id: string; title: string; displayValue?: string }[] = []
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id]
    if (!audit || audit.score === null || ref.group === 'hidden') continue
    if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue
    if (audit.score >= 1) continue
    // Performance metrics are scored on a curve: show the score that cost the category points.
    const metric = category === 'performance' && ref.weight > 0
    const displayValue = metric ? `${audit.displayValue ?? ''}, metric score ${audit.score.toFixed(2)}, weight ${ref.weight}` : audit.displayValue
    result.push({ id: audit.id, title: audit.title, displayValue })
  }
  return result
}

function summarise(route: string, host: Host, reports: Result[]): RouteSummary {
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round(median(reports.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100)))]),
  ) as RouteSummary['scores']
  const metricMedians = Object.fromEntries(metrics.map((metric) => [metric.id, median(reports.map((lhr) => lhr.audits[metric.id]?.numericValue ?? NaN))]))
  const failing = new Map<string, RouteSummary['failing'][number]>()
  for (const category of categories) {
    if (scores[category] >= 100) continue
    for (const lhr of reports) {
      for (const audit of failingAudits(lhr, category)) {
        const key = `${category}/${audit.id}`
        const seen = failing.get(key)
        if (seen)
          seen.runs++ // the first run's display value is kept
        else failing.set(key, { category, ...audit, runs: 1 })
      }
    }
  }
  const warnings = [...new Set(reports.flatMap((lhr) => lhr.runWarnings))]
  return { route, host, scores, metrics: metricMedians, failing: [...failing.values()], warnings }
}

export async function benchLighthouse(distDir = defaultDistDir): Promise<RouteSummary[]> {
  assertDistBuilt(distDir)
  const article = routes.find((route) => route.startsWith('/blog/'))
  const site = article ? await withFloorPage(distDir, article) : { dir: distDir, remove: async () => {} }
  const pages = article ? [...routes, floorRoute] : routes
  const summaries: RouteSummary[] = []
  console.log(`\nLighthouse (mobile, default config), ${runs} runs per page${article ? `; the floor (${floorRoute}) is ${article} without its scripts` : ''}`)
  try {
    for (const host of hosts) {
      const served = await serveSite(site.dir, host)
      try {
        for (const route of pages) {
          const reports: Result[] = []
          for (let run = 1; run <= runs; run++) {
            process.stdout.write(`  ${host} ${route} run ${run}/${runs}...`)
            const started = performance.now()
            const lhr = await runLighthouse(new URL(route, served.url).href)
            reports.push(lhr)
            const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
            console.log(` ${((performance.now() - started) / 1000).toFixed(0)} s: ${categories.map(score).join('/')}`)
          }
          summaries.push(summarise(route, host, reports))
        }
      } finally {
        await served.close()
      }
    }
  } finally {
    await site.remove()
  }
  printSummaries(summaries)
  return summaries
}

/**
 * A copy of dist/ with the floor page: the article's HTML with every script and module preload removed,
 * so it loads only what plain HTML would (the HTML, its stylesheet, font and images).
 */
async function withFloorPage(distDir: string, article: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'))
  await fs.cp(distDir, dir, { recursive: true })
  const html = await fs.readFile(path.join(distDir, article, 'index.html'), 'utf8')
  const floor = html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
  await fs.mkdir(path.join(dir, floorRoute), { recursive: true })
  await fs.writeFile(path.join(dir, floorRoute, 'index.html'), floor)
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) }
}

function printSummaries(summaries: RouteSummary[]) {
  const header = ['host', 'page', 'perf', 'a11y', 'best-pr', 'SEO', ...metrics.map((metric) => metric.label), 'LCP / floor']
  const lcp = (summary: RouteSummary) => summary.metrics['largest-contentful-paint']!
  const rows = summaries.map((summary) => {
    const floor = summaries.find((other) => other.host === summary.host && other.route === floorRoute)
    return [
      summary.host,
      summary.route,
      ...categories.map((category) => String(summary.scores[category])),
      ...metrics.map((metric) => metric.format(summary.metrics[metric.id]!)),
      floor ? (lcp(summary) / lcp(floor)).toFixed(2) : '-',
    ]
  })
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(`\nLighthouse medians of ${runs} runs. Aims: on either host, performance 100 on the article and service page, >= 95 and LCP <= 2.0 s on /,`)
  console.log(`the article's LCP within 1.25x the floor's; the other three categories 100 everywhere. "plain": files as they are; "service": compressed.`)
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
  for (const summary of summaries) {
    if (summary.failing.length === 0 && summary.warnings.length === 0) continue
    console.log(`\n${summary.host} ${summary.route}: categories below 100`)
    for (const audit of summary.failing) {
      console.log(
        `  [${audit.category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${audit.runs < runs ? ` [${audit.runs}/${runs} runs]` : ''}`,
      )
    }
    for (const warning of summary.warnings) console.log(`  warning: ${warning}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchLighthouse()
}
