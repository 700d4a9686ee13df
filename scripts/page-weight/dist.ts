// The built site on disk: where dist/ is, which file serves a route, and file sizes as sent gzipped.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const defaultDistDir = path.resolve(process.env.DIST_DIR ?? 'dist')

const gzipCache = new Map<string, { bytes: number; gzip: number }>()

/** Raw and gzip (level 9) size of some text or bytes. */
export function sizesOf(content: Buffer | string): { bytes: number; gzip: number } {
  return { bytes: Buffer.byteLength(content), gzip: gzipSync(content, { level: 9 }).length }
}

/** Raw and gzip (level 9) size of a file. */
export function fileSizes(file: string): { bytes: number; gzip: number } {
  let sizes = gzipCache.get(file)
  if (!sizes) {
    sizes = sizesOf(fs.readFileSync(file))
    gzipCache.set(file, sizes)
  }
  return sizes
}

/** The HTML file a static host serves for a route: '/blog' -> dist/blog/index.html, '/404.html' -> dist/404.html. */
export function htmlFileForRoute(route: string, distDir = defaultDistDir): string {
  const clean = decodeURIComponent(route.split(/[?#]/)[0]!)
  if (path.extname(clean)) return path.join(distDir, clean)
  return path.join(distDir, clean, 'index.html')
}
/** The file in dist/ behind a URL path of the site, or null if it points outside it. */
export function fileForUrlPath(urlPath: string, distDir: string): string | null {
  const file = path.join(distDir, decodeURIComponent(urlPath))
  return file.startsWith(distDir + path.sep) ? file : null
}

export function assertDistBuilt(distDir = defaultDistDir) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${path.relative(process.cwd(), distDir) || distDir}/index.html is missing: run \`npm run build\` first.`)
  }
}

/**
 * The JS files of dist/ that hold React's development build. Vite replaces `process.env.NODE_ENV` with the
 * environment's value, so a build run with NODE_ENV=test (as under vitest) ships development React, about
 * 65 kB gzip heavier: such a dist/ says nothing about what visitors download.
 */
export function developmentBuildFiles(distDir = defaultDistDir): string[] {
  const assets = path.join(distDir, 'assets')
  if (!fs.existsSync(assets)) return []
  return (fs.readdirSync(assets, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.js'))
    .filter((file) => /is deprecated in plain JavaScript React classes|react-stack-bottom-frame/.test(fs.readFileSync(path.join(assets, file), 'utf8')))
    .map((file) => `/assets/${file.split(path.sep).join('/')}`)
}
