import fs from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { heldBackSummary } from '../../contract/editorMessages.ts'
import { loadImageManifest } from '../content/imageManifest.ts'
import { checkContent, type ContentCheck } from './checkContent.ts'
import { contentModuleId, contentModuleReading, resolvedContentModuleId } from './contentModule.ts'
import { buildPaths, type BuildPaths } from './paths.ts'
import { hidePrerenderReport } from './prerenderReport.ts'
import { publish } from './publish.ts'

/**
 * `npm run build` (`vike build`), start to finish:
 *
 * 1. When Vite starts building, the content is read, checked and rendered (Markdown from the cache where
 *    unchanged) and the images are converted to WebP, while Vite bundles the client and the server code.
 * 2. The server code gets the checked content through the module `virtual:site-content` (contentModule.ts);
 *    Vike's globalContext holds it for the pages (renderer/+onCreateGlobalContext.server.ts, siteContent.ts).
 *    When the content has mistakes, the module carries the editor's lines instead, and the first page that
 *    asks for the content stops the build with them, before anything is published.
 * 3. Vike prerenders every route into VIKE_OUT_DIR/client (its line per file is not printed).
 * 4. That folder, the images and the feeds become the flat DIST_DIR a plain static host serves.
 *
 * The build prints the content warnings, the problems, and one line: `Built 42 pages into dist in 2.7 s` (then
 * `; 1 article held back until its date: content/blog/x.md (2027-03-01)` when an article is dated after today).
 * It runs in Node without a TypeScript loader: Vite compiles this file with the config.
 */
export function siteBuild(): Plugin {
  const paths = buildPaths()
  let job: BuildJob | undefined
  const started = () => (job ??= startJob(paths))
  let showPrerenderReport = () => {}

  return {
    name: 'site-build',
    apply: 'build',
    // One instance for the whole build (Vite otherwise makes one per environment): the content checked at
    // the start is the content the server code gets and the one published.
    sharedDuringBuild: true,
    buildApp: {
      order: 'pre',
      async handler() {
        started()
      },
    },
    resolveId: (id) => (id === contentModuleId ? resolvedContentModuleId : undefined),
    async load(id) {
      if (id !== resolvedContentModuleId) return
      if (this.environment.name !== 'ssr') throw new Error(`${contentModuleId} is for the server code only; the browser gets page data`)
      return contentModuleReading(paths.contentFile, await started().content)
    },
    writeBundle: {
      // Before Vike's own writeBundle, which prerenders once the server code is written.
      order: 'pre',
      sequential: true,
      handler() {
        // With Vite's own report (BUILD_LOG_LEVEL=info in vite.config.ts), Vike's is shown too.
        if (this.environment.name !== 'ssr' || this.environment.config.logLevel === 'info') return
        showPrerenderReport = hidePrerenderReport(path.join(paths.vikeOutDir, 'client'))
      },
    },
    closeBundle: {
      // After Vike's prerendering.
      order: 'post',
      sequential: true,
      async handler() {
        if (this.environment.name !== 'ssr') return
        showPrerenderReport()
        const { content, images } = started()
        const check = await content
        await images
        // The pages stop the build first; this only holds if none of them asked for the content.
        if (check.stop !== undefined) throw new Error(check.stop)
        const { pages } = await publish({
          content: check.content,
          clientDir: path.join(paths.vikeOutDir, 'client'),
          imagesDir: paths.imagesDir,
          distDir: paths.distDir,
          compressedCacheDir: paths.compressedCacheDir,
        })
        const heldBack = check.content.heldBack.length > 0 ? `; ${heldBackSummary(check.content.heldBack)}` : ''
        console.log(
          `Built ${pages} pages into ${path.relative(process.cwd(), paths.distDir) || paths.distDir} in ${(performance.now() / 1000).toFixed(1)} s${heldBack}`,
        )
      },
    },
  }
}

type BuildJob = { content: Promise<ContentCheck>; images: Promise<unknown> }

/** Step 1: checking the content and converting the images, which both need the scan of content/images. */
function startJob(paths: BuildPaths): BuildJob {
  const scan = loadImageManifest(paths.contentDir)
  const content = scan
    .then((images) => checkContent(paths.contentDir, { images, markdownCacheDir: paths.markdownCacheDir, env: process.env }))
    // An image that cannot be read, or a bug: the build stops with the stack.
    .catch((error: unknown): ContentCheck => ({ stop: String(error instanceof Error ? error.stack : error) }))
  void content.then((check) => {
    for (const warning of check.content ? check.warnings : []) console.warn(`warning: ${warning}`)
  })
  const images = Promise.all([scan, fs.rm(paths.imagesDir, { recursive: true, force: true })]).then(([manifest]) =>
    manifest.write(paths.imagesDir, { cacheDir: paths.imageCacheDir }),
  )
  // Awaited before publishing, where a failure stops the build.
  images.catch(() => {})
  return { content, images }
}
