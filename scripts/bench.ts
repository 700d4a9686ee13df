// `npm run bench`: page weight against the budgets (scripts/bench-size.ts), then Lighthouse on /, an article
// and a service page (scripts/bench-lighthouse.ts), on the current dist/ (run `npm run build` first).
// Exits with status 1 if a page-weight budget is exceeded; Lighthouse scores are reported, not enforced.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchLighthouse } from './bench-lighthouse.js'
import { benchSize } from './bench-size.js'

const scriptsDir = path.dirname(fileURLToPath(import.meta.url))

const sizes = await benchSize()
const overBudget = sizes.some((report) => !report.jsOk || !report.cssOk)
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
