import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { criticalCss, selectorToMatch } from './criticalCss'
import { rewritePages } from './publish'

// What the markup is searched for, so that a rule is inlined wherever it could ever apply.
describe('selectorToMatch', () => {
  it.each([
    // States that can hold after load are treated as holding.
    ['.btn:hover', '.btn'],
    ['.a:focus-visible:active', '.a'],
    ['.menu :focus-within', '.menu *'],
    // Pseudo-elements match their element.
    ['.quote::before', '.quote'],
    ['.x:after', '.x'],
    // Structure is kept: the typography plugin's rules apply only where their elements are.
    [
      '.prose :where(h2):not(:where([class~="not-prose"],[class~="not-prose"] *))',
      '.prose :where(h2):not(:where([class~="not-prose"],[class~="not-prose"] *))',
    ],
    ['.space-y-4 > :not(:last-child)', '.space-y-4 > :not(:last-child)'],
    // A state inside :not() could stop failing later: the :not() goes, and the rule is kept.
    ['.tab:not(:hover)', '.tab'],
    // A state inside :is() stands for any element there.
    ['.icon:is(:where(.group):is([open], :popover-open) *)', '.icon:is(:where(.group):is([open], *) *)'],
    // Tailwind's escapes are left as they are.
    ['.transition-\\[background-color\\,box-shadow\\]', '.transition-\\[background-color\\,box-shadow\\]'],
    ['.hover\\:bg-white\\/10:hover', '.hover\\:bg-white\\/10'],
    [".after\\:content-\\[\\'\\'\\]::after", ".after\\:content-\\[\\'\\'\\]"],
    // A colon inside a quoted attribute value is not a pseudo-class.
    ['a[href^="https:"]:hover', 'a[href^="https:"]'],
  ])('%s -> %s', (selector, expected) => {
    expect(selectorToMatch(selector)).toBe(expected)
  })
})

describe('criticalCss', () => {
  let dir = ''
  afterEach(() => fs.rm(dir, { recursive: true, force: true }))

  const page = (body: string) => `<!DOCTYPE html><html><head><link rel="stylesheet" type="text/css" href="/assets/site.css"></head><body>${body}</body></html>`

  it('inlines the rules the page uses, defers the rest, and on a rebuild reuses them unless the page changed', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'critical-css-'))
    const cacheDir = path.join(dir, 'cache')
    const site = path.join(dir, 'site')
    await fs.mkdir(path.join(site, 'assets'), { recursive: true })
    await fs.writeFile(path.join(site, 'assets', 'site.css'), '.a{color:red}.b{color:blue}')
    const index = path.join(site, 'index.html')
    const build = async (body: string) => {
      await fs.writeFile(index, page(body))
      expect(await rewritePages(site, [await criticalCss(site, { cacheDir })])).toBe(1)
      return fs.readFile(index, 'utf8')
    }

    const first = await build('<p class="a">A</p>')
    expect(first).toContain(
      '<style>.a{color:red}</style><template data-whole-stylesheet><link rel="stylesheet" type="text/css" href="/assets/site.css"></template>',
    )
    expect(first).toContain('<noscript><link rel="stylesheet" type="text/css" href="/assets/site.css"></noscript>')
    const [entry] = await fs.readdir(cacheDir)
    expect(entry).toMatch(/^[0-9a-f]{64}\.css$/)

    // The same page again: its rules come from the cache (altered here to tell).
    await fs.writeFile(path.join(cacheDir, entry!), '.a{color:green}')
    expect(await build('<p class="a">A</p>')).toContain('<style>.a{color:green}</style>')
    // A changed page: chosen afresh.
    expect(await build('<p class="b">B</p>')).toContain('<style>.b{color:blue}</style>')
    expect(await fs.readdir(cacheDir)).toHaveLength(2)
  })
})
