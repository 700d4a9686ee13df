import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getVikeConfig } from 'vike/plugin'
import type { Plugin } from 'vite'
import { heldBackSummary } from '../contract/content/editorMessages.ts'
import { cardImages } from '../site/content/imageFor.ts'
import { loadImageManifest } from '../site/content/imageManifest.ts'
import { collectionPageProblems, type RoutedPage } from '../site/content/routes.ts'
import type { ContentCheck } from './checkContent.ts'
import { lockBuilds } from './buildLock.js'
import { buildWithoutClosedOutput } from './closedOutput.js'
import { codeKey } from './codeKey.ts'
import { contentCheck, fromLauncher, wanted } from './contentCheck.js'
import { contentModuleId, contentModuleReading, resolvedContentModuleId, writeBuiltContent } from './contentModule.ts'
import { buildPaths, type BuildPaths, pagesBeforeImages } from './paths.ts'
import { watchPrerenderReport } from './prerenderReport.ts'
import { publish, publishEarly } from './publish.ts'

/** The incremental build (incrementalBuild.ts), bundled as an entry of the server code. */
const builderEntry = { name: 'site-builder', source: fileURLToPath(new URL('./incrementalBuild.ts', import.meta.url)) }
/** The thread that publishes each page as Vike writes it (pageWorker.ts), bundled likewise. */
const pageWorkerEntry = { name: 'page-worker', source: fileURLToPath(new URL('./pageWorker.ts', import.meta.url)) }

/**
 * `npm run build` (`vike build`), start to finish:
 *
 * 1. The content is read, checked and rendered (Markdown from the cache where unchanged) on a worker thread
 *    that the launcher (build.js) started before Vite (contentCheck.js), and the images are converted, while
 *    Vite bundles the client and the server code; the SVGs' social cards once the content names them.
 * 2. The server code gets the checked content through the module `virtual:site-content` (contentModule.ts);
 *    Vike's globalContext holds it for the pages (renderer/+onCreateGlobalContext.server.ts, siteContent.ts).
 *    When the content has mistakes, the module carries the editor's lines instead, and the first page that
 *    asks for the content stops the build with them, before anything is published.
 * 3. Vike prerenders every route into VIKE_OUT_DIR/client (its line per file is not printed), and a thread of
 *    its own (pageWorker.ts) publishes each page as soon as Vike has written it.
 * 4. That folder, the images and the feeds become the flat DIST_DIR a plain static host serves; the images
 *    last, so that a first build's pages can be served while they convert (scripts/start.ts).
 * 5. The server code stays in VIKE_OUT_DIR with what was built (incrementalBuild.ts): until the code changes,
 *    the next `npm run build` (build.js) renders and publishes only the pages the content's change touches.
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
  let early: ReturnType<typeof publishEarly> | undefined
  // Of the code as the build starts: a change while it runs makes the next build a full one.
  let key: Promise<string> | undefined
  let builder: string | undefined

  return {
    name: 'site-build',
    apply: 'build',
    // One instance for the whole build (Vite otherwise makes one per environment): the content checked at
    // the start is the content the server code gets and the one published.
    sharedDuringBuild: true,
    buildApp: {
      order: 'pre',
      async handler() {
        // Held already when the launcher (build.js) started this build.
        lockBuilds()
        buildWithoutClosedOutput()
        // Before any work: a collection without its page would publish none of its entries.
        const pageless = collectionPageProblems(routedPages())
        if (pageless.length > 0) throw new Error(pageless.join('\n'))
        started()
        key = codeKey(process.cwd())
      },
    },
    configEnvironment(name) {
      if (name === 'ssr')
        return { build: { rolldownOptions: { input: { [builderEntry.name]: builderEntry.source, [pageWorkerEntry.name]: pageWorkerEntry.source } } } }
    },
    resolveId: (id) => (id === contentModuleId ? resolvedContentModuleId : undefined),
    load(id) {
      if (id !== resolvedContentModuleId) return
      if (this.environment.name !== 'ssr') throw new Error(`${contentModuleId} is for the server code only; the browser gets page data`)
      return contentModuleReading(paths.contentFile)
    },
    writeBundle: {
      // Before Vike's own writeBundle, which prerenders once the server code is written.
      order: 'pre',
      sequential: true,
      async handler(options, bundle) {
        if (this.environment.name !== 'ssr') return
        // The server code reads it as it starts, for the prerendering that follows.
        await writeBuiltContent(paths.contentFile, await started().content)
        const entryFile = (name: string) => {
          const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === name)
          return entry && path.resolve(options.dir ?? this.environment.config.build.outDir, entry.fileName)
        }
        builder = entryFile(builderEntry.name)
        const clientDir = path.join(paths.vikeOutDir, 'client')
        const worker = entryFile(pageWorkerEntry.name)
        early = worker ? publishEarly(worker, clientDir, paths.compressedCacheDir) : undefined
        showPrerenderReport = watchPrerenderReport(clientDir, {
          // With Vite's own report (BUILD_LOG_LEVEL=info in vite.config.ts), Vike's is shown too.
          hide: this.environment.config.logLevel !== 'info',
          onPage: (page) => early?.page(page),
        })
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
        // The pages stop the build first; this only holds if none of them asked for the content.
        if (check.stop !== undefined) throw new Error(check.stop)
        let converting = true
        const converted = () => {
          converting = false
        }
        images.then(converted, converted)
        const publishing = publish({
          content: check.content,
          clientDir: path.join(paths.vikeOutDir, 'client'),
          images,
          imagesDir: paths.imagesDir,
          distDir: paths.distDir,
          compressedCacheDir: paths.compressedCacheDir,
          early: early?.finish(),
          // A first build converts every image (tens of seconds): the pages can be served meanwhile.
          onPagesPublished: () => converting && console.log(pagesBeforeImages),
        })
        // Meanwhile: the main thread mostly waits for the page worker, and the pages' data is checked again.
        const recording = recordBuild(paths, key, builder, publishing)
        const { pages } = await publishing
        const unrecorded = await recording
        if (unrecorded) console.warn(`note: the next build will be a full one too: ${unrecorded}`)
        const heldBack = check.content.heldBack.length > 0 ? `; ${heldBackSummary(check.content.heldBack)}` : ''
        console.log(
          `Built ${pages} pages into ${path.relative(process.cwd(), paths.distDir) || paths.distDir} in ${(performance.now() / 1000).toFixed(1)} s${heldBack}`,
        )
      },
    },
  }
}

/** The pages Vike routes by a route string (the filesystem's, or a +route.ts's), with whether they list their addresses. */
function routedPages(): RoutedPage[] {
  return Object.entries(getVikeConfig().pages).flatMap(([pageId, { route }]) =>
    // The hooks are code, which Vike's config at build time does not hold: the file says it.
    typeof route === 'string' ? [{ pageId, route, prerenderHook: existsSync(path.join(process.cwd(), pageId, '+onBeforePrerenderStart.ts')) }] : [],
  )
}

/** Step 5: what the next build starts from, checked and written by the bundled incrementalBuild.ts once `published` settles; why not, if not. */
async function recordBuild(
  paths: BuildPaths,
  key: Promise<string> | undefined,
  builder: string | undefined,
  published: Promise<unknown>,
): Promise<string | undefined> {
  if (!key || !builder) return 'the server code has no incremental build'
  const { recordFullBuild } = (await import(pathToFileURL(builder).href)) as typeof import('./incrementalBuild.ts')
  const clientDir = path.join(paths.vikeOutDir, 'client')
  const output = getVikeConfig().prerenderContext?.output
  if (!output) return 'Vike did not prerender'
  const prerendered = output
    .filter((output) => output.fileType === 'HTML')
    .map(({ filePath, pageContext }) => ({
      url: pageContext.urlOriginal,
      pageId: pageContext.pageId ?? '',
      routeParams: (pageContext as { routeParams?: Record<string, string> }).routeParams ?? {},
      is404: pageContext.is404 === true,
      // As publish() moved it: a section's not-found page from service/404/index.html to service/404.html.
      file: path.relative(clientDir, filePath).replace(/^(.*\/404)\/index\.html$/, '$1.html'),
      data: (pageContext as { data?: unknown }).data,
    }))
  return recordFullBuild({ paths, key: await key, builder, prerendered, published }).catch((error: unknown) => String(error))
}

/** The launcher's content check (build.js), when it started this build; else one started now. */
function checkedContent(): Promise<ContentCheck> {
  const send = process.send?.bind(process)
  if (!process.env[fromLauncher] || !send) return contentCheck()
  return new Promise((resolve) => {
    process.once('message', (outcome: ContentCheck) => {
      // The channel stays open for the launcher, without keeping this process alive.
      process.channel?.unref()
      resolve(outcome)
    })
    send(wanted)
  })
}

type BuildJob = { content: Promise<ContentCheck>; images: Promise<unknown> }

/** Step 1: checking the content (on a thread of its own, contentCheck.js) and converting the images. */
function startJob(paths: BuildPaths): BuildJob {
  const scan = loadImageManifest(paths.contentDir)
  const content = checkedContent()
  void content.then((check) => {
    for (const warning of check.content ? check.warnings : []) console.warn(`warning: ${warning}`)
  })
  // An SVG's card is drawn once the content says which pages are shared with it; content with mistakes stops the build.
  const cards = content.then((check) => (check.content ? cardImages(check.content) : []))
  const images = Promise.all([scan, fs.rm(paths.imagesDir, { recursive: true, force: true })]).then(([manifest]) =>
    manifest.write(paths.imagesDir, { cacheDir: paths.imageCacheDir, cards }),
  )
  // Awaited before publishing, where a failure stops the build.
  images.catch(() => {})
  return { content, images }
}
