// Prints the gzip JavaScript and CSS of one page of each type against the budgets (scripts/page-weight/budgets.ts).
//
//   node --import tsx scripts/bench-size.ts     (part of `npm run bench`; needs a built dist/)
//
// "static" is what the HTML and the static imports of its scripts fetch; "loaded" is what Chromium
// fetched until the page was idle with every island hydrated. Budgets apply to "loaded" (see
// scripts/page-weight/). Exits with status 1 if a budget is exceeded.
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions, measurePages, type PageReport } from './page-weight/browserWeight.ts'
import { budgets, formatKb, textPageKinds } from './page-weight/budgets.ts'
import { assertDistBuilt, defaultDistDir, developmentBuildFiles } from './page-weight/dist.ts'
import { serveSite } from './page-weight/serveSite.ts'

export async function benchSize(distDir = defaultDistDir): Promise<PageReport[]> {
  assertDistBuilt(distDir)
  const site = await serveSite(distDir)
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const reports = await measurePages(browser, site.url, distDir)
    printTable(reports, 'the forms service')
    const development = developmentBuildFiles(distDir)
    if (development.length > 0) {
      console.log(
        `\nWARNING: dist/ holds React's development build (${development.join(', ')}): it was built with NODE_ENV other than production. Rebuild with \`npm run build\` for meaningful figures.`,
      )
    }
    return reports
  } finally {
    await browser.close()
    await site.close()
  }
}

function printTable(reports: PageReport[], server: string) {
  const rows = reports.map(({ page, static: first, beforeInteraction, loaded, jsOk, cssOk }) => [
    page.route,
    formatKb(first.jsGzip),
    formatKb(beforeInteraction.jsGzip) + (textPageKinds.includes(page.kind) ? ` / ${formatKb(budgets.textPageJsBeforeInteraction)}` : ''),
    formatKb(loaded.jsGzip),
    page.budget.js === null ? '-' : formatKb(page.budget.js),
    page.budget.js === null ? '-' : jsOk ? 'OK' : 'OVER',
    formatKb(first.cssGzip),
    formatKb(loaded.cssGzip),
    formatKb(page.budget.css),
    cssOk ? 'OK' : 'OVER',
    loaded.islands.join(' ') + (loaded.notHydrated.length ? ` (not hydrated: ${loaded.notHydrated.join(' ')})` : ''),
  ])
  const header = ['page', 'JS static', 'JS before interaction', 'JS loaded', 'JS budget', '', 'CSS static', 'CSS loaded', 'CSS budget', '', 'islands']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd()
  console.log(`\nPage weight, gzip level 9 (kB = 1,000 bytes), served by ${server}`)
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
  console.log(
    `\nBudgets apply to the loaded figure: JS of / <= ${formatKb(budgets.homeJs)}, of an article or legal page <= ${formatKb(budgets.articleOrLegalJs)}; CSS <= ${formatKb(budgets.css)} on every page;` +
      `\nand on text pages (${textPageKinds.join(', ')}) to the JS before interaction: <= ${formatKb(budgets.textPageJsBeforeInteraction)}, the network quiet with idle callbacks held back.` +
      `\n"-": no JS budget for that page type. "static" = HTML-declared scripts, modulepreloads, stylesheets and their static imports;` +
      `\n"loaded" = every same-origin .js/.css Chromium fetched until idle, after scrolling to the bottom with all islands hydrated.`,
  )
  const over = reports.filter((report) => !report.jsOk || !report.cssOk)
  if (over.length > 0) console.log(`\nOVER BUDGET: ${over.map((report) => report.page.route).join(', ')}`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reports = await benchSize()
  if (reports.some((report) => !report.jsOk || !report.cssOk)) process.exitCode = 1
}
