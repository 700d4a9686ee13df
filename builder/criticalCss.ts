import fs from 'node:fs/promises'
import path from 'node:path'
import { wholeStylesheetAttribute } from '../site/islands/stylesheet.ts'
import { indexStylesheet, type StylesheetIndex } from './stylesheetIndex.ts'

// A plain static host sends the stylesheet as it is: 73 kB (Tailwind with the typography plugin) that
// block the first paint of every page. Each page instead carries, inline, the rules that match its own
// markup (chosen through an index of the stylesheet made once per build, stylesheetIndex.ts). The link to the whole stylesheet waits in a `<template>`, so it is not even fetched
// while the page's text and image load; the client entry (site/islands/stylesheet.ts) adds it once the
// browser is idle, or sooner when an island or a script-driven look (menus, dialogs, scroll reveal)
// needs a rule the markup did not use. Without JavaScript, a `<noscript>` copy of the link loads it.

/**
 * Vike preloads the fonts of the stylesheet. Its injectFilter() hook could leave them out, but prints a
 * warning on every build about the islands' chunks, which are rightly not preloaded.
 */
const fontPreload = /<link rel="preload" href="[^"]+" as="font"[^>]*>\s*/g
const stylesheetLink = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/
/**
 * The step of publishing (publish.ts) that puts a page's critical CSS inline and defers the rest. The
 * stylesheet is indexed once (stylesheetIndex.ts); a page then costs a parse of its HTML and the
 * selectors its own classes, ids, tags and attributes lead to, about a millisecond.
 */
export function criticalCss(dir: string): (page: string) => Promise<string> {
  const stylesheets = new Map<string, Promise<{ faces: string; index: StylesheetIndex }>>()
  return async (page) => {
    const html = page.replace(fontPreload, '')
    const link = stylesheetLink.exec(html)
    if (!link) return html
    const [tag, href] = link as unknown as [string, string]
    if (!stylesheets.has(href)) stylesheets.set(href, readStylesheet(path.join(dir, href)))
    const { faces, index } = await stylesheets.get(href)!
    // The link to the whole stylesheet is deferred without inline scripts, which the service's
    // Content-Security-Policy (`script-src 'self'`) forbids.
    const deferred = `<style>${faces}${index.rulesFor(html)}</style><template ${wholeStylesheetAttribute}>${tag}</template><noscript>${tag}</noscript>`
    return html.replace(tag, () => deferred)
  }
}

async function readStylesheet(file: string): Promise<{ faces: string; index: StylesheetIndex }> {
  const css = await fs.readFile(file, 'utf8')
  return { faces: localFontFaces(css), index: indexStylesheet(css) }
}

/**
 * The stylesheet's @font-face rules for fonts already on the device (`local()` only, nothing to
 * download): the metric-matched fallbacks the text shows in until the whole stylesheet brings Inter.
 */
function localFontFaces(css: string): string {
  // Minified by Vite: a @font-face holds no nested braces.
  return (css.match(/@font-face\{[^}]*\}/g) ?? []).filter((rule) => !rule.includes('url(')).join('')
}
