import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The site built from the fixture content by tests/globalSetup.ts (DIST_DIR to test another build). */
export const distDir = path.resolve(process.env.DIST_DIR ?? '.cache/test-dist')

/** The file a static host serves for a route: '/blog' -> dist/blog/index.html. */
export function fileForRoute(route: string, root = distDir): string {
  const clean = route.split(/[?#]/)[0]!
  if (path.extname(clean)) return path.join(root, clean)
  return path.join(root, clean, 'index.html')
}

export const readRoute = (route: string, root = distDir) => fs.readFileSync(fileForRoute(route, root), 'utf8')

/** What a reader sees without JavaScript: the body's text with tags and scripts removed. */
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'))
  return body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

export function htmlFiles(root = distDir): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).map((file) => path.join(root, file))
}

export const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1]

/** Every file under `root` (relative name) and the SHA-256 of its bytes, sorted by name: two builds compared byte for byte. */
export function fileHashes(root: string): Record<string, string> {
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(root, file)).isFile()).sort()
  return Object.fromEntries(
    files.map((file) => [
      file,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest('hex'),
    ]),
  )
}
