// `npm run bench`: page weight against the budgets (scripts/bench-size.ts), then Lighthouse on /, an article
// and a service page (scripts/lighthouse/benchLighthouse.ts), on the current dist/ (run `npm run build` first).
// Exits with status 1 if a page-weight budget is exceeded; Lighthouse scores are reported, not enforced.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { benchSize } from './bench-size.ts'

const scriptsDir = path.dirname(fileURLToPath(import.meta.url))

const sizes = await benchSize()
const overBudget = sizes.some((report) => !report.jsOk || !report.cssOk)
const { benchLighthouse } = await lighthouseBench()
await benchLighthouse()

// The other benchmarks, named by the npm script that runs them.
const npmScripts = (JSON.parse(fs.readFileSync(path.join(scriptsDir, '..', 'package.json'), 'utf8')).scripts ?? {}) as Record<string, string>
const others = [
  ['bench-build.ts', 'cold build times of the site with growing numbers of articles'],
  ['bench-api.ts', 'the forms service under load'],
]
  .filter(([file]) => fs.existsSync(path.join(scriptsDir, file!)))
  .map(([file, what]) => {
    const name = Object.keys(npmScripts).find((script) => npmScripts[script]!.includes(`scripts/${file}`))
    return `  ${name ? `npm run ${name}` : `node --import tsx scripts/${file}`}: ${what}`
  })
if (others.length > 0) console.log(`\nOther benchmarks, not run by \`npm run bench\`:\n${others.join('\n')}`)
if (overBudget) {
  console.log('\nPage weight is OVER BUDGET (see the table above).')
  process.exitCode = 1
}

/**
 * Lighthouse and its Chrome launcher are a third of a full install and only this benchmark uses them, so
 * they are a package of their own (scripts/lighthouse/), installed from its lock file on first use.
 */
async function lighthouseBench(): Promise<{ benchLighthouse: () => Promise<unknown> }> {
  const dir = path.join(scriptsDir, 'lighthouse')
  if (!fs.existsSync(path.join(dir, 'node_modules', 'lighthouse'))) {
    console.log('\nInstalling Lighthouse for this benchmark, once (npm ci in scripts/lighthouse/)...')
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' })
  }
  // A path the type checker does not follow: the project's types do not depend on a package it may lack.
  const entry = pathToFileURL(path.join(dir, 'benchLighthouse.ts')).href
  return (await import(entry)) as { benchLighthouse: () => Promise<unknown> }
}
