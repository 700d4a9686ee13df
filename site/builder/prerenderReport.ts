import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/**
 * Vike reports prerendering on stdout with console.log, not through Vite's logger (so Vite's logLevel and
 * customLogger do not reach it), and has no setting to stop it: a header, one line per file written, and a
 * total. While Vike prerenders, exactly those lines are dropped; anything else, and all of stderr (warnings,
 * errors), passes. Returns the function that puts console.log back.
 *
 *     vike v0.4.266 pre-rendering HTML...
 *     .vike-out/client/blog/automation-workflows/index.html
 *     ✓ 42 HTML documents pre-rendered.
 */
export function hidePrerenderReport(clientDir: string): () => void {
  const fileLine = `${path.relative(process.cwd(), clientDir).split(path.sep).join('/')}/`
  const isReport = (line: string) =>
    /^vike v\S+ pre-rendering HTML\.\.\.$/.test(line) ||
    /^✓ \d+ HTML documents pre-rendered\.$/.test(line) ||
    (line.startsWith(fileLine) && line.endsWith('.html'))
  const log = console.log
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === 'string' && isReport(stripVTControlCharacters(args[0]))) return
    log(...args)
  }
  return () => {
    console.log = log
  }
}
