import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { criticalCss } from './criticalCss'
import { rewritePages } from './publish'

describe('criticalCss', () => {
  let dir = ''
  afterEach(() => fs.rm(dir, { recursive: true, force: true }))

  const page = (body: string) => `<!DOCTYPE html><html><head><link rel="stylesheet" type="text/css" href="/assets/site.css"></head><body>${body}</body></html>`

  it('inlines the rules each page uses with the local font fallbacks, and defers the whole stylesheet', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'critical-css-'))
    await fs.mkdir(path.join(dir, 'assets'), { recursive: true })
    await fs.writeFile(
      path.join(dir, 'assets', 'site.css'),
      '@font-face{font-family:Inter;src:url(/assets/inter.woff2)}@font-face{font-family:Inter Fallback;src:local(Arial)}.a{color:red}.b{color:blue}',
    )
    await fs.writeFile(path.join(dir, 'index.html'), page('<p class="a">A</p>'))
    await fs.mkdir(path.join(dir, 'b'))
    await fs.writeFile(path.join(dir, 'b', 'index.html'), page('<p class="b">B</p>'))
    expect(await rewritePages(dir, [criticalCss(dir)])).toBe(2)

    const first = await fs.readFile(path.join(dir, 'index.html'), 'utf8')
    expect(first).toContain(
      '<style>@font-face{font-family:Inter Fallback;src:local(Arial)}.a{color:red}</style><template data-whole-stylesheet><link rel="stylesheet" type="text/css" href="/assets/site.css"></template>',
    )
    expect(first).toContain('<noscript><link rel="stylesheet" type="text/css" href="/assets/site.css"></noscript>')
    expect(await fs.readFile(path.join(dir, 'b', 'index.html'), 'utf8')).toContain(
      '<style>@font-face{font-family:Inter Fallback;src:local(Arial)}.b{color:blue}</style>',
    )
  })
})
