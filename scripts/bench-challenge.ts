// `npm run bench:challenge`: how long a browser takes to solve the booking challenge (contract/wire/challenge.ts)
// at the service's difficulty (forms-service/config.ts, or `--max-number N`). Challenges made as the service
// makes them (altcha-lib's createChallenge, each solution checked with verifySolution), solved in Chromium by
// the site's own solver (site/forms/bookingProof.ts, bundled by Rolldown as the site's build bundles it), at
// Lighthouse's mobile CPU slowdown (4x, a mid-range phone) and unthrottled. Also the longest main-thread task
// seen during the solves (PerformanceObserver 'longtask': tasks over 50 ms).
import http from 'node:http'
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { chromium, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from './page-weight/browserWeight'
import { build } from 'rolldown'
import type { BookingChallenge } from '../contract/wire/challenge.ts'
import { defaultConfig } from '../forms-service/config.ts'

const { values: args } = parseArgs({ options: { 'max-number': { type: 'string' }, solves: { type: 'string', default: '40' } } })
const maxNumber = Number(args['max-number'] ?? defaultConfig.bookingChallenge.maxNumber)
const solves = Number(args.solves)
if (!Number.isSafeInteger(maxNumber) || maxNumber < 1 || !Number.isSafeInteger(solves) || solves < 1)
  throw new Error('usage: npm run bench:challenge -- [--max-number N] [--solves N]')
const hmacKey = 'bench-challenge-hmac-key'
const root = path.resolve(import.meta.dirname, '..')

const bundle = await build({
  input: path.join(root, 'site/forms/bookingProof.ts'),
  platform: 'browser',
  write: false,
  output: { format: 'esm', minify: true },
  logLevel: 'warn',
})
const solver = bundle.output[0].code
const html = `<!doctype html><title>Booking challenge bench</title><script>
  window.longestTask = 0
  new PerformanceObserver((list) => { for (const task of list.getEntries()) window.longestTask = Math.max(window.longestTask, task.duration) }).observe({ type: 'longtask', buffered: true })
</script><script type="module">import { bookingProof } from '/solver.js'; window.bookingProof = bookingProof</script>`

// 127.0.0.1 is a secure context, as the site's https is: crypto.subtle is there.
const server = http.createServer((request, response) => {
  const [type, body] = request.url === '/solver.js' ? ['text/javascript', solver] : ['text/html', html]
  response.writeHead(200, { 'Content-Type': type }).end(body)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

type Run = { label: string; times: number[]; longestTask: number }

async function run(page: Page, label: string, rate: number): Promise<Run> {
  await page.goto(url)
  await page.waitForFunction(() => 'bookingProof' in window)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  const times: number[] = []
  for (let i = 0; i < solves; i++) {
    const challenge = (await createChallenge({ hmacKey, maxnumber: maxNumber })) as BookingChallenge
    const solved = await page.evaluate(async (challenge) => {
      const started = performance.now()
      const proof = await (window as unknown as { bookingProof: (c: typeof challenge) => Promise<string | null> }).bookingProof(challenge)
      return { proof, ms: performance.now() - started }
    }, challenge)
    if (!solved.proof || !(await verifySolution(solved.proof, hmacKey))) throw new Error(`${label}: challenge ${i + 1} was not solved right`)
    times.push(solved.ms)
  }
  const longestTask = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  return { label, times: times.sort((a, b) => a - b), longestTask }
}

const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`

const browser = await chromium.launch(chromiumLaunchOptions)
try {
  const page = await browser.newPage()
  const runs = [await run(page, 'Mid-range phone (CPU 4x slower)', 4), await run(page, 'This machine (unthrottled)', 1)]
  console.log(
    `Booking challenge: ${solves} solves at maxNumber ${maxNumber.toLocaleString('en-US')} (${(bundle.output[0].code.length / 1000).toFixed(1)} kB solver)\n`,
  )
  console.log('| Profile | Median | p95 | Max | Longest task |\n|---|---:|---:|---:|---:|')
  for (const { label, times, longestTask } of runs)
    console.log(
      `| ${label} | ${ms(at(times, 0.5))} | ${ms(at(times, 0.95))} | ${ms(times.at(-1)!)} | ${longestTask > 0 ? ms(longestTask) : 'none over 50 ms'} |`,
    )
  // The solve is one digest after another: a busy machine (other tests, a build) slows every figure.
  console.log(`\n(Chromium ${browser.version()}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end, node ${process.version})`)
} finally {
  await browser.close()
  server.close()
}
