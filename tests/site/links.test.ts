import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { distDir, htmlFiles } from './dist'

/** Does a site-relative URL resolve on a plain static host? A file, a folder with index.html. */
function resolves(url: string): boolean {
  const pathname = decodeURI(url.split(/[?#]/)[0]!)
  const file = path.join(distDir, pathname)
  return (fs.existsSync(file) && fs.statSync(file).isFile()) || fs.existsSync(path.join(file, 'index.html'))
}

it('every internal link, image and script in dist/ resolves to a file', () => {
  const broken: string[] = []
  let checked = 0
  for (const file of htmlFiles()) {
    const html = fs.readFileSync(file, 'utf8')
    const urls = [
      ...[...html.matchAll(/\s(?:href|src)="(\/[^"/][^"]*|\/)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/\ssrcset="([^"]+)"/g)].flatMap((match) => match[1]!.split(',').map((entry) => entry.trim().split(/\s+/)[0]!)),
    ]
    for (const url of urls) {
      checked++
      if (!resolves(url)) broken.push(`${path.relative(distDir, file)} -> ${url}`)
    }
  }
  expect(broken).toEqual([])
  expect(checked).toBeGreaterThan(500)
})
