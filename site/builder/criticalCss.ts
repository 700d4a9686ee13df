import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import Beasties from 'beasties'
import { wholeStylesheetAttribute } from '../islands/stylesheet.ts'
import { fromCache } from './fileCache.ts'

// A plain static host sends the stylesheet as it is: 73 kB (Tailwind with the typography plugin) that
// block the first paint of every page. Each page instead carries, inline, the rules that match its own
// markup (Beasties). The link to the whole stylesheet waits in a `<template>`, so it is not even fetched
// while the page's text and image load; the client entry (site/islands/stylesheet.ts) adds it once the
// browser is idle, or sooner when an island or a script-driven look (menus, dialogs, scroll reveal)
// needs a rule the markup did not use. Without JavaScript, a `<noscript>` copy of the link loads it.

/**
 * Pseudo-classes that depend only on the document's structure, which the matcher can evaluate. Every
 * other one (:hover, :focus-visible, :checked, :popover-open…) can become true after the page loads, so
 * it is treated as always true, and its rule kept.
 */
const structural = new Set([
  'is',
  'where',
  'not',
  'has',
  'root',
  'empty',
  'first-child',
  'last-child',
  'only-child',
  'nth-child',
  'nth-last-child',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'nth-of-type',
  'nth-last-of-type',
])
const pseudoElements = new Set(['before', 'after', 'first-line', 'first-letter'])

/**
 * The selector the matcher looks for in the markup: pseudo-elements and state pseudo-classes removed,
 * so it matches wherever the rule could ever apply. Beasties' own version cuts everything from a
 * `:where(` to the last `)`, which made every rule of the typography plugin (`.prose :where(h2):not(…)`)
 * match any page with `.prose`. The selector is edited as text, so Tailwind's escapes stay as they are.
 */
export function selectorToMatch(selector: string): string {
  let out = ''
  let at = 0
  while (at < selector.length) {
    const char = selector[at]!
    if (char === '\\') {
      out += selector.slice(at, at + 2)
      at += 2
    } else if (char === '"' || char === "'") {
      const end = closingQuote(selector, at)
      out += selector.slice(at, end)
      at = end
    } else if (char === ':') {
      const [, colons = '', name = ''] = /^(::?)([\w-]+)/.exec(selector.slice(at)) ?? []
      if (!name) {
        out += char
        at++
        continue
      }
      const nameEnd = at + colons.length + name.length
      const end = selector[nameEnd] === '(' ? closingParen(selector, nameEnd) : nameEnd
      const argument = end > nameEnd ? selector.slice(nameEnd + 1, end - 1) : undefined
      const kept = colons === '::' || pseudoElements.has(name) || !structural.has(name) ? undefined : keepStructural(name, argument)
      // A compound left with nothing in it (`.a :hover`) stands for any element.
      out += kept ?? (/(^|[\s>+~(,])$/.test(out) ? '*' : '')
      at = end
    } else {
      out += char
      at++
    }
  }
  return out
}

function keepStructural(name: string, argument: string | undefined): string | undefined {
  if (argument === undefined) return `:${name}`
  const relaxed = selectorToMatch(argument)
  // `:not(X)` with a state in X could hold later even where it fails now: dropped, so the rule is kept.
  if (name === 'not' && relaxed !== argument) return undefined
  return `:${name}(${relaxed})`
}

/** The index just past the quote that closes the one at `start`. */
function closingQuote(text: string, start: number): number {
  let at = start + 1
  while (at < text.length && text[at] !== text[start]) at += text[at] === '\\' ? 2 : 1
  return at + 1
}

/** The index just past the `)` that closes the `(` at `start`. */
function closingParen(text: string, start: number): number {
  let depth = 0
  for (let at = start; at < text.length; ) {
    const char = text[at]!
    if (char === '\\') at += 2
    else if (char === '"' || char === "'") at = closingQuote(text, at)
    else {
      if (char === '(') depth++
      else if (char === ')' && --depth === 0) return at + 1
      at++
    }
  }
  return text.length
}

/** Beasties with our selector matching. */
class PageCss extends Beasties {
  #matched = new Map<string, string>()
  normalizeCssSelector(selector: string): string {
    let relaxed = this.#matched.get(selector)
    if (relaxed === undefined) {
      relaxed = selectorToMatch(selector)
      this.#matched.set(selector, relaxed)
    }
    return relaxed
  }
}

/**
 * Vike preloads the fonts of the stylesheet. Its injectFilter() hook could leave them out, but prints a
 * warning on every build about the islands' chunks, which are rightly not preloaded.
 */
const fontPreload = /<link rel="preload" href="[^"]+" as="font"[^>]*>\s*/g
const stylesheetLink = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/
const inlineStyle = /<style>([\s\S]*?)<\/style>/

/** Beasties' README documents `preload: false` ("Disables adding preload tags"); its types lack it. */
const inlineOnly = { preload: false } as unknown as { preload: undefined }

/**
 * The step of publishing (publish.ts) that puts a page's critical CSS inline and defers the rest.
 * Choosing the rules takes Beasties 20-35 ms a page, so they are kept in `cacheDir` by a hash of the page,
 * the stylesheet, the selection code and package-lock.json: a rebuild chooses only for the pages that
 * changed.
 */
export async function criticalCss(dir: string, { cacheDir }: { cacheDir?: string } = {}): Promise<(page: string) => Promise<string>> {
  // Beasties only inlines (preload: false); the link is deferred below, without its inline scripts,
  // which the service's Content-Security-Policy (`script-src 'self'`) forbids.
  const beasties = new PageCss({
    path: dir,
    publicPath: '/',
    ...inlineOnly,
    inlineFonts: false,
    preloadFonts: false,
    // Tailwind names an animation through a variable (`animation: var(--animate-spin)`), which Beasties
    // cannot follow; it emits only the keyframes the site uses.
    keyframes: 'all',
    logLevel: 'warn',
  })
  if (cacheDir) await fs.mkdir(cacheDir, { recursive: true })
  const dependencies = await fs.readFile('package-lock.json').then(hash, () => 'no lockfile')
  const stylesheets = new Map<string, Promise<{ faces: string; key: string }>>()
  return async (page) => {
    const html = page.replace(fontPreload, '')
    const link = stylesheetLink.exec(html)
    if (!link) return html
    const [tag, href] = link as unknown as [string, string]
    if (!stylesheets.has(href)) stylesheets.set(href, readStylesheet(path.join(dir, href), dependencies))
    const { faces, key } = await stylesheets.get(href)!
    // Beasties writes the page back through its own HTML serializer (`alt=""` becomes `alt`, and so on);
    // only the rules it chose are taken, and the page stays as Vike wrote it.
    const choose = async () => Buffer.from(inlineStyle.exec(await beasties.process(html))?.[1] ?? '')
    const rules = (cacheDir ? await fromCache(path.join(cacheDir, `${hash(key + html)}.css`), choose) : await choose()).toString()
    const deferred = `<style>${faces}${rules}</style><template ${wholeStylesheetAttribute}>${tag}</template><noscript>${tag}</noscript>`
    return html.replace(tag, () => deferred)
  }
}

/** What a page's rules depend on besides the page: the stylesheet, the code choosing them, the packages. */
async function readStylesheet(file: string, dependencies: string): Promise<{ faces: string; key: string }> {
  const css = await fs.readFile(file, 'utf8')
  return { faces: localFontFaces(css), key: hash(`${css}\n${PageCss}\n${selectorToMatch}\n${keepStructural}\n${dependencies}`) }
}

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/**
 * The stylesheet's @font-face rules for fonts already on the device (`local()` only, nothing to
 * download): the metric-matched fallbacks the text shows in until the whole stylesheet brings Inter.
 */
function localFontFaces(css: string): string {
  // Minified by Vite: a @font-face holds no nested braces.
  return (css.match(/@font-face\{[^}]*\}/g) ?? []).filter((rule) => !rule.includes('url(')).join('')
}
