import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/**
 * Vike reports prerendering on stdout with console.log, not through Vite's logger (so Vite's logLevel and
 * customLogger do not reach it), and has no setting to stop it: a header, one line per file, printed once the
 * file is written, and a total. While Vike prerenders, each file's line goes to `onPage` (with the file's path
 * in `clientDir`), and with `hide` exactly those lines are dropped; anything else, and all of stderr
 * (warnings, errors), passes. Returns the function that puts console.log back.
 *
 *     vike v0.4.266 pre-rendering HTML...
 *     .vike-out/client/blog/automation-workflows/index.html
 *     ✓ 42 HTML documents pre-rendered.
 */
export function watchPrerenderReport(clientDir: string, { hide, onPage }: { hide: boolean; onPage: (page: string) => void }): () => void {
  const fileLine = `${path.relative(process.cwd(), clientDir).split(path.sep).join('/')}/`
  const pageOf = (line: string) => (line.startsWith(fileLine) && line.endsWith('.html') ? line.slice(fileLine.length) : undefined)
  const isReport = (line: string) => /^vike v\S+ pre-rendering HTML\.\.\.$/.test(line) || /^✓ \d+ HTML documents pre-rendered\.$/.test(line)
  const log = console.log
  console.log = (...args: unknown[]) => {
    const line = args.length === 1 && typeof args[0] === 'string' ? stripVTControlCharacters(args[0]) : undefined
    const page = line === undefined ? undefined : pageOf(line)
    if (page !== undefined) onPage(page.split('/').join(path.sep))
    if (hide && line !== undefined && (page !== undefined || isReport(line))) return
    log(...args)
  }
  return () => {
    console.log = log
  }
}
