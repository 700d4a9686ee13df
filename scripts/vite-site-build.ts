import fs from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { getContent } from '../site/content/index.ts'
import { loadImageManifest } from '../site/content/imageManifest.ts'
import { launchPlaceholders } from './launch-check.ts'
// The forms service sends these emails; the build checks them too, so a broken template never ships.
import { loadEmailTemplates } from '../forms-service/email/templates.ts'

// Not-found screens per path prefix: rendered as routes, published where hosts look for them.
const notFoundPages = ['service', 'case-study']

/**
 * What `npm run build` (`vike build`) does around Vike's bundling and prerendering:
 * - while Vite bundles, the content is read, checked and rendered (Markdown in worker threads) and the
 *   images are converted (on sharp's threads); article pages are rendered as their bodies arrive; a
 *   content error stops the build at once, one line per problem;
 * - once Vike has prerendered every route into `VIKE_OUT_DIR/client`, that folder is published as the
 *   flat `DIST_DIR` a plain static host serves.
 *
 * The build runs in Node without a TypeScript loader: Vite compiles this file with the config, and a
 * loader in front of every module Vite itself imports would cost the build half a second.
 */
export function siteBuild(): Plugin {
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content')
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist')
  // Vike writes client/ and server/ below build.outDir (vite.config.ts).
  const vikeOutDir = path.resolve(process.env.VIKE_OUT_DIR ?? '.vike-out')
  const imagesDir = `${vikeOutDir}-images`

  return {
    name: 'site-build',
    apply: 'build',
    config() {
      // As early as possible. Vite and Vike load the config several times per build; this work starts once.
      startOnce(() => {
        // Pages are rendered as the article bodies arrive; a broken link in one stops the build too.
        const contentErrors = ['ContentError', 'EmailContentError']
        const content = getContent({ streamArticles: true })
        // A production build (SITE_URL a real domain) lists the placeholders still in site.json; strict fails on them.
        void content.then((loaded) => launchPlaceholders(loaded.site, process.env)).catch(() => {})
        Promise.all([content.then((loaded) => loaded.articlesChecked), loadEmailTemplates(contentDir)]).catch(
          (error: unknown) => {
            console.error(error instanceof Error && contentErrors.includes(error.name) ? error.message : error)
            process.exit(1)
          },
        )
        const images = fs
          .rm(imagesDir, { recursive: true, force: true })
          .then(() => loadImageManifest(contentDir))
          .then((manifest) => manifest.write(imagesDir, { cacheDir: process.env.IMAGE_CACHE_DIR }))
        images.catch(() => {})
        return images
      })
    },
    closeBundle: {
      // After Vike's prerendering, which runs when the server bundle is written.
      order: 'post',
      sequential: true,
      async handler() {
        if (this.environment.name !== 'ssr') return
        await started()
        await (await getContent()).articlesChecked
        await publish(path.join(vikeOutDir, 'client'), imagesDir, distDir)
        const pages = await countHtml(distDir)
        await fs.writeFile(path.join(distDir, '.build-stamp'), `${pages} pages\n`)
        console.log(`Built ${pages} pages into ${path.relative(process.cwd(), distDir) || distDir} in ${(performance.now() / 1000).toFixed(1)} s`)
      },
    },
  }
}

// Each load of the config is a fresh copy of this module; the build's one image job lives on globalThis.
const slot = Symbol.for('bluebonnet.site-build.images')
const processState = globalThis as { [slot]?: Promise<unknown> }
const startOnce = (start: () => Promise<unknown>) => (processState[slot] ??= start())
const started = () => processState[slot]

async function publish(clientDir: string, imagesDir: string, distDir: string) {
  await fs.rm(distDir, { recursive: true, force: true })
  // A rename is instant; DIST_DIR on another file system needs a copy.
  await fs.rename(clientDir, distDir).catch(() => fs.cp(clientDir, distDir, { recursive: true }))
  await fs.cp(imagesDir, distDir, { recursive: true })
  for (const prefix of notFoundPages) {
    await fs.rename(path.join(distDir, prefix, '404', 'index.html'), path.join(distDir, prefix, '404.html'))
    await fs.rmdir(path.join(distDir, prefix, '404'))
  }
}

async function countHtml(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true })
  return entries.filter((entry) => entry.endsWith('.html')).length
}
