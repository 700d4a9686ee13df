// Static first load: read from the HTML file alone. The page's <script type="module" src>,
// <link rel="modulepreload"> and <link rel="stylesheet"> (also the deferred one in a <template>, and the
// <noscript> copy) and its inline <style>, then, recursively, the static `import … from "…"`,
// `import "…"` and `export … from "…"` statements of those JS files (and `@import` of those CSS files).
// Dynamic `import()` is not followed: browserWeight.ts measures what islands load.
import fs from 'node:fs'
import path from 'node:path'
import { staticImports } from '../../builder/modulePreload.ts'
import { defaultDistDir, fileForUrlPath, fileSizes, htmlFileForRoute, sizesOf } from './dist.ts'

export interface Asset {
  /** URL path, e.g. /assets/chunks/chunk-X.js */
  url: string
  type: 'js' | 'css'
  bytes: number
  gzip: number
  /** Inline in the page (its <style>), not a file of its own. */
  inline?: true
}

export interface Weight {
  assets: Asset[]
  jsGzip: number
  cssGzip: number
}

const sumGzip = (assets: Asset[], type: Asset['type']) => assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset.gzip, 0)

export function weightOf(assets: Asset[]): Weight {
  const sorted = [...assets].sort((a, b) => a.url.localeCompare(b.url))
  return { assets: sorted, jsGzip: sumGzip(sorted, 'js'), cssGzip: sumGzip(sorted, 'css') }
}

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((value) => value !== undefined)

/** The JS and CSS URLs an HTML document asks for before any script runs. */
export function declaredAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = []
  const css: string[] = []
  // Comments could hold markup that is never fetched.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '')
  for (const [tag] of markup.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src && attr(tag, 'type')?.toLowerCase() === 'module') js.push(src)
    else if (src) js.push(src) // a classic script is fetched too
  }
  for (const [tag] of markup.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attr(tag, 'href')
    if (!href) continue
    if (rel.includes('modulepreload')) js.push(href)
    else if (rel.includes('stylesheet')) css.push(href)
  }
  return { js, css }
}

/** `@import` URLs of a stylesheet. */
export function cssImports(code: string): string[] {
  return [...code.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?/g)].map((match) => match[1]!)
}

/** Resolves a reference from a document or module at `baseUrlPath` to a same-site URL path, or null for other origins. */
function resolveUrlPath(reference: string, baseUrlPath: string): string | null {
  const base = new URL(baseUrlPath, 'http://site.invalid')
  const url = new URL(reference, base)
  return url.origin === base.origin ? url.pathname : null
}

/** The first-load JS and CSS of a built page, read from its HTML file and the static imports of its scripts. */
export function staticPageWeight(route: string, distDir = defaultDistDir): Weight {
  const htmlFile = htmlFileForRoute(route, distDir)
  const html = fs.readFileSync(htmlFile, 'utf8')
  const pageUrl = route.endsWith('/') || path.extname(route) ? route : `${route}/`
  const declared = declaredAssets(html)
  const seen = new Map<string, Asset>()
  const visit = (urlPath: string | null, type: Asset['type']) => {
    if (!urlPath || seen.has(urlPath)) return
    const file = fileForUrlPath(urlPath, distDir)
    if (!file || !fs.existsSync(file)) throw new Error(`${route} refers to ${urlPath}, which is not in ${distDir}`)
    seen.set(urlPath, { url: urlPath, type, ...fileSizes(file) })
    const code = fs.readFileSync(file, 'utf8')
    if (type === 'js') for (const specifier of staticImports(code)) visit(resolveUrlPath(specifier, urlPath), 'js')
    else for (const specifier of cssImports(code)) visit(resolveUrlPath(specifier, urlPath), 'css')
  }
  for (const reference of declared.js) visit(resolveUrlPath(reference, pageUrl), 'js')
  for (const reference of declared.css) visit(resolveUrlPath(reference, pageUrl), 'css')
  // The page's own rules, inline (builder/criticalCss.ts), count as CSS too.
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!).join('')
  if (inline) seen.set('<style>', { url: `${route} <style>`, type: 'css', ...sizesOf(inline), inline: true })
  return weightOf([...seen.values()])
}
