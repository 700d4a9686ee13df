import fs from 'node:fs/promises'
import path from 'node:path'

// Pages are HTML-only to Vike (renderer/+config.ts), so it writes the client entry's <script> but no
// preloads for the chunks the entry imports: the browser finds them only once the entry has arrived and
// been parsed, one round trip later. A <link rel="modulepreload"> for each, beside the script, fetches
// them together with it (on Lighthouse's slow 4G, the article's LCP went from 1.31x to 1.21x the floor's).
//
// All of them at low priority: the islands hydrate when the browser is idle or when touched, so the
// page's text and its first image go first. Chrome fetches a module script and its preloads at high
// priority, and Lighthouse counts a high-priority request made before the first paint as one the paint
// waited for: at low priority, on 2026-11-25 (plain host, medians of 3, one run), the first paint of
// `/` came at 1.32 s instead of 1.73 s, of the article at 1.00 s instead of 1.42 s, and the service page
// scored 100 instead of 99. Without the preloads it was slower still (the article's LCP 1.58 s).

const entryScript = /<script src="([^"]+)" type="module"[^>]*><\/script>/
const lowPriority = 'fetchpriority="low"'

/** The step of publishing (publish.ts) that adds the modulepreload links of the client entry's static imports, and lowers the priority of all. */
export function entryPreloads(dir: string): (page: string) => Promise<string> {
  const linksOf = new Map<string, Promise<string>>()
  return async (html) => {
    const script = entryScript.exec(html)
    if (!script) return html
    const [tag, src] = script as unknown as [string, string]
    if (!linksOf.has(src))
      linksOf.set(
        src,
        importedModules(dir, src).then((urls) => urls.map((url) => `<link rel="modulepreload" href="${url}" ${lowPriority}>`).join('')),
      )
    const links = await linksOf.get(src)!
    return html.replace(tag, () => `${links}${tag.replace('></script>', ` ${lowPriority}></script>`)}`)
  }
}

/** The URLs the module at `url` imports statically, directly or through other imports. */
async function importedModules(dir: string, url: string, seen = new Set<string>()): Promise<string[]> {
  const code = await fs.readFile(path.join(dir, url), 'utf8')
  for (const specifier of staticImports(code)) {
    const imported = path.posix.join(path.posix.dirname(url), specifier)
    if (seen.has(imported)) continue
    seen.add(imported)
    await importedModules(dir, imported, seen)
  }
  return [...seen]
}

/**
 * Static import specifiers of an ES module as bundlers emit it (minified or not):
 * `import{a as b}from"./x.js"`, `import x,{y}from'./x.js'`, `import*as x from"./x.js"`, `import"./x.js"`,
 * `export{a}from"./x.js"`, `export*from"./x.js"`. Not `import("./x.js")` (dynamic) nor `import.meta`.
 */
export function staticImports(code: string): string[] {
  const specifiers: string[] = []
  const pattern = /(?:^|[;}\n\r)])\s*(?:import|export)\s*(?:(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\*|\{[^}]*\})?\s*from\s*|(?=["']))(["'])([^"'\n]+)\1/g
  for (const match of code.matchAll(pattern)) specifiers.push(match[2]!)
  return specifiers
}
