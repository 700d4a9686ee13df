import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { staticImports } from '../../builder/modulePreload'
import { distDir, htmlFiles, readRoute } from './dist'

// builder/modulePreload.ts: the client entry and what it imports are fetched together, after the
// page's text and first image (low priority).
it('fetches the client entry and every module it imports at once, at low priority', () => {
  const html = readRoute('/blog/automation-workflows')
  const entry = /<script src="([^"]+)" type="module" async fetchpriority="low"><\/script>/.exec(html)?.[1]
  expect(entry, 'the entry script at low priority').toBeDefined()
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"( fetchpriority="low")?>/g)]
  expect(preloaded.length).toBeGreaterThan(0)
  for (const [link, , low] of preloaded) expect(low, link).toBeDefined()

  // Every static import of the entry, and of those in turn, read from the built files.
  const imported = new Set<string>()
  const visit = (url: string) => {
    for (const specifier of staticImports(fs.readFileSync(path.join(distDir, url), 'utf8'))) {
      const module = path.posix.join(path.posix.dirname(url), specifier)
      if (imported.has(module)) continue
      imported.add(module)
      visit(module)
    }
  }
  visit(entry!)
  expect(new Set(preloaded.map(([, href]) => href))).toEqual(imported)
})

it('writes no module script or preload at another priority on any page', () => {
  for (const file of htmlFiles()) {
    const html = fs.readFileSync(file, 'utf8')
    for (const tag of html.match(/<script src="[^"]+" type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? []) {
      expect(tag, path.relative(distDir, file)).toContain('fetchpriority="low"')
    }
  }
})
