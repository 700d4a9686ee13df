// Refreshes site/styles/fontMetrics.json, the font metrics the fallback test (site/styles/fontFallback.test.ts)
// checks global.css's @font-face fallbacks against, from @capsizecss/metrics. That package holds every
// Google and system font (169 MB), so it is not part of `npm ci`: this script installs it into a
// temporary folder, copies the three fonts the site uses, and removes it.
//
//   node --import tsx scripts/refresh-font-metrics.ts
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const fonts = ['inter', 'arial', 'roboto'] as const
const version = '^4.3.0'
const out = new URL('../site/styles/fontMetrics.json', import.meta.url)

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'font-metrics-'))
try {
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@capsizecss/metrics@${version}`], { cwd: dir, stdio: 'inherit' })
  const metrics: Record<string, unknown> = {}
  for (const font of fonts) {
    const entry = pathToFileURL(path.join(dir, 'node_modules', '@capsizecss', 'metrics', 'entireMetricsCollection', font, 'index.mjs')).href
    metrics[font] = ((await import(entry)) as { default: unknown }).default
  }
  await fs.writeFile(out, `${JSON.stringify(metrics, null, 2)}\n`)
  console.log(`Wrote ${fonts.join(', ')} to ${path.relative(process.cwd(), out.pathname)}`)
} finally {
  await fs.rm(dir, { recursive: true, force: true })
}
