// Builds the static site into dist/: Vike renders every route into .vike-out/client (and writes the
// sitemap, feed and images from renderer/+onPrerenderStart.ts); this publishes that folder as the
// flat dist/ a plain static host serves.
//
//   node --import tsx scripts/build.ts          CONTENT_DIR, DIST_DIR, SITE_URL, VITE_API_URL optional
import fs from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vike/api'
import { getContent } from '../site/content/index.ts'
import { loadImageManifest } from '../site/content/images.ts'

// Always a production build, also when started from a test runner that sets NODE_ENV=test (which
// would ship React's development build).
process.env.NODE_ENV = 'production'

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist')
const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content')
// Vike's own output; it must lie inside the project (Vike resolves its manifest relative to the root).
const vikeOutDir = path.resolve(process.env.VIKE_OUT_DIR ?? '.vike-out')

// Not-found screens per path prefix: rendered as routes, published where hosts look for them.
const notFoundPages = ['service', 'case-study']

async function main() {
  const started = performance.now()
  const imagesDir = `${vikeOutDir}-images`
  await Promise.all([vikeOutDir, imagesDir].map((dir) => fs.rm(dir, { recursive: true, force: true })))
  // Image conversion runs on sharp's own threads, alongside the bundling and rendering.
  const images = loadImageManifest(contentDir).then((manifest) => manifest.write(imagesDir, { cacheDir: process.env.IMAGE_CACHE_DIR }))
  images.catch(() => {})
  // Content is read, checked and rendered (Markdown in worker threads) while Vite bundles; the pages
  // rendered afterwards find it loaded. A content error stops the build at once.
  const content = getContent()
  await Promise.all([content, build({ viteConfig: { logLevel: process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn' } })])
  await images

  await fs.rm(distDir, { recursive: true, force: true })
  // A rename is instant; DIST_DIR on another file system needs a copy.
  await fs.rename(path.join(vikeOutDir, 'client'), distDir).catch(() => fs.cp(path.join(vikeOutDir, 'client'), distDir, { recursive: true }))
  await fs.cp(imagesDir, distDir, { recursive: true })
  for (const prefix of notFoundPages) {
    await fs.rename(path.join(distDir, prefix, '404', 'index.html'), path.join(distDir, prefix, '404.html'))
    await fs.rmdir(path.join(distDir, prefix, '404'))
  }
  const pages = await countHtml(distDir)
  await fs.writeFile(path.join(distDir, '.build-stamp'), `${pages} pages\n`)
  console.log(`Built ${pages} pages into ${path.relative(process.cwd(), distDir) || distDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

async function countHtml(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true })
  return entries.filter((entry) => entry.endsWith('.html')).length
}

main().catch((error: unknown) => {
  // Content problems arrive as one message with one line per problem; print them without a stack.
  console.error(error instanceof Error && error.name === 'ContentError' ? error.message : error)
  process.exit(1)
})
