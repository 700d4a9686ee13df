import { createHash } from 'node:crypto'
import { type Dirent, readdirSync, statSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getGlobalContext, renderPage } from 'vike/server'
import type { GlobalContext, PageContextServer } from 'vike/types'
import { shellOf } from '../renderer/shell.ts'
import type { Head, HeadSetting, PageData } from '../site/pages/pageData.ts'
import type { SiteContent } from '../site/content/index.ts'
import { cardImages } from '../site/content/imageFor.ts'
import { loadImageManifest } from '../site/content/imageManifest.ts'
import { siteContent } from '../site/content/siteContent.ts'
import { checkContent } from './checkContent.ts'
import { codeKey } from './codeKey.ts'
import { handOverContent } from './contentModule.ts'
import { buildPaths, type BuildPaths } from './paths.ts'
import { LaunchCheckStop, publishChanges, publishedFile } from './publish.ts'
import { previousDir } from './staging.ts'

/**
 * `npm run build` when no code changed since the last full build (codeKey.ts): the bundles that build left
 * in VIKE_OUT_DIR are used again, and only the pages the content's change touches are rendered and
 * published; every other file of dist/ stays as it is, and dist/ is the same, byte for byte, as a full
 * build of the same content would make it (tests/site/incremental-build.test.ts).
 *
 * A page's HTML is made of its code, its data (its +data hook's result), its head (its +head setting's,
 * from the data and the content) and the shell, what every page takes from the content (renderer/shell.ts).
 * So a page is rendered again when its data, its head or the shell changed, or when it is new; a page whose
 * route is gone is removed. Finding that out costs each page a call of its +data hook and of its head,
 * without Vike's rendering machinery (about 3 ms a page) or React.
 *
 * This module is bundled with the server code (an entry of Vite's server build, siteBuild.ts), so it runs
 * without Vite or a TypeScript loader. The full build records what it made (recordFullBuild); the launcher
 * (build.js) calls incrementalBuild(), which answers with the reason when a full build is needed instead:
 * no earlier build, the code, the settings or the images changed, dist/ was changed by something else,
 * the content has mistakes (the full build reports them as always), or anything unexpected.
 */

/** What a full build leaves in VIKE_OUT_DIR for the next build, and an incremental one updates. */
type BuildState = {
  version: typeof stateVersion
  codeKey: string
  contentDir: string
  distDir: string
  /** Vike's server entry, which registers the pages' code with vike/server. */
  serverEntry: string
  /** This module, bundled (build.js imports it). */
  builder: string
  images: string
  shell: string
  pages: PageState[]
  /** Every file of dist/ as this build left it: its size and modification time. */
  dist: Record<string, [number, number]>
  /** Every file of the dist/ an incremental build replaced, kept beside it (staging.ts previousDir). */
  previous?: Record<string, [number, number]>
}
type PageState = {
  url: string
  pageId: string
  routeParams: Record<string, string>
  is404: boolean
  /** Its address came from an +onBeforePrerenderStart hook (a collection's entry), not from a route of its own. */
  fromHook: boolean
  /** Of its data and its head (pageFingerprint). */
  data: string
}
const stateVersion = 3

type Outcome = { built: true } | { built: false; fallback: string }

/** The pages as the full build's prerendering made them (Vike's prerenderContext). */
export type PrerenderedPage = { url: string; pageId: string; routeParams: Record<string, string>; is404: boolean; file: string; data: unknown }

// Vite bundles every page's hooks into this module; the keys are the files ('/site/pages/blog/@slug/+data.ts').
const dataHooks = import.meta.glob<{ data?: (pageContext: PageContextServer) => unknown }>(['/site/pages/**/+data.ts', '/renderer/+data.ts'])
const headSettings = import.meta.glob<{ head?: HeadSetting }>('/site/pages/**/+head.ts')
const prerenderHooks = import.meta.glob<{ onBeforePrerenderStart?: () => unknown }>('/site/pages/**/+onBeforePrerenderStart.ts')

/**
 * Called by siteBuild.ts once a full build has prerendered: checks that this module sees the build as Vike
 * made it (every page's address, file and data) while the pages are published, and once `published` settles,
 * writes the state an incremental build starts from. Returns why it wrote none, if it did not.
 */
export async function recordFullBuild({
  paths,
  key,
  builder,
  prerendered,
  published,
}: {
  paths: BuildPaths
  key: string
  builder: string
  prerendered: PrerenderedPage[]
  /** Settles once dist/ is complete: the state records its files. */
  published: Promise<unknown>
}): Promise<string | undefined> {
  const globalContext = await getGlobalContext()
  const content = siteContent(globalContext)
  const fromHooks = await hookUrls()
  const pages: PageState[] = []
  for (const page of prerendered) {
    if (publishedFile(page.url, page.is404) !== page.file) return `${page.url} was published as ${page.file}, not ${publishedFile(page.url, page.is404)}`
    const state = { url: page.url, pageId: page.pageId, routeParams: page.routeParams, is404: page.is404, fromHook: fromHooks.has(page.url) }
    const data = await dataOf(state, globalContext)
    if (fingerprint(data ?? null) !== fingerprint(page.data ?? null)) return `the data of ${page.url} is not what Vike gave the page`
    pages.push({ ...state, data: await pageFingerprint(state, data, globalContext) })
  }
  const rendered = new Set(pages.map((page) => page.url))
  const missing = [...fromHooks].filter((url) => !rendered.has(url))
  if (missing.length > 0) return `${missing[0]} was not prerendered`
  await published
  await writeState(paths.stateFile, {
    version: stateVersion,
    codeKey: key,
    contentDir: paths.contentDir,
    distDir: paths.distDir,
    serverEntry: path.join(paths.vikeOutDir, 'server', 'entry.mjs'),
    builder,
    images: imagesFingerprint(content),
    shell: fingerprint(shellOf(content)),
    pages,
    dist: await distFiles(paths.distDir),
  })
}

export async function incrementalBuild(env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  const paths = buildPaths(env)
  const step = stepTimer(env.BUILD_LOG_LEVEL === 'info')
  const state = await readState(paths.stateFile)
  if (!state) return { built: false, fallback: 'no earlier build to start from' }
  if (state.contentDir !== paths.contentDir || state.distDir !== paths.distDir) return { built: false, fallback: 'the last build was of other folders' }
  if ((await codeKey(process.cwd(), env)) !== state.codeKey) return { built: false, fallback: 'the code or the build settings changed' }
  step('code key')
  if (!sameFiles(await distFiles(paths.distDir), state.dist))
    return { built: false, fallback: `${path.relative(process.cwd(), paths.distDir)} changed since the last build` }
  step('dist/ unchanged')

  const images = await loadImageManifest(paths.contentDir)
  const check = await checkContent(paths.contentDir, { images, markdownCacheDir: paths.markdownCacheDir, env })
  if (check.stop !== undefined) return { built: false, fallback: 'the content has mistakes' }
  if (imagesFingerprint(check.content) !== state.images) return { built: false, fallback: 'the images changed' }
  step('content checked')

  // The server code takes the content from here when it starts (contentModule.ts).
  handOverContent(check)
  await import(pathToFileURL(state.serverEntry).href)
  const globalContext = await getGlobalContext()
  const content = siteContent(globalContext)
  const shell = fingerprint(shellOf(content))
  const shellChanged = shell !== state.shell
  step('server code loaded')

  // The addresses: the routes of their own as before (code), the collections' entries as the content has them now.
  const before = new Map(state.pages.map((page) => [page.url, page]))
  const addresses = [...state.pages.filter((page) => !page.fromHook).map((page) => page.url), ...(await hookUrls())]
  if (new Set(addresses).size !== addresses.length) return { built: false, fallback: 'an address is given twice' }
  const kept: PageState[] = []
  const changed: string[] = []
  for (const url of addresses) {
    const page = before.get(url)
    if (page && !shellChanged && (await pageFingerprint(page, await dataOf(page, globalContext), globalContext)) === page.data) kept.push(page)
    else changed.push(url)
  }
  step('pages compared')
  const current = new Set(addresses)
  const removed = state.pages.filter((page) => !current.has(page.url))

  for (const warning of check.warnings) console.warn(`warning: ${warning}`)
  const rendered = new Map<string, string>()
  const renderedPages: PageState[] = []
  for (const url of changed) {
    const pageContext = await renderPage({ urlOriginal: url })
    const { httpResponse, pageId, is404 } = pageContext
    if (!httpResponse || !pageId || pageContext.errorWhileRendering || httpResponse.statusCode !== (is404 ? 404 : 200))
      throw new Error(`${url} did not render (${httpResponse?.statusCode ?? 'no response'})`)
    const page = { url, pageId, routeParams: pageContext.routeParams ?? {}, is404: is404 === true, fromHook: before.get(url)?.fromHook ?? true }
    rendered.set(publishedFile(url, page.is404), httpResponse.body)
    renderedPages.push({ ...page, data: await pageFingerprint(page, await dataOf(page, globalContext), globalContext) })
  }
  step('pages rendered')
  const pages = [...kept, ...renderedPages]
  const previous = await previousDist(paths.distDir, state)
  step('previous dist/ compared')
  const publishing = publishChanges({
    content,
    distDir: paths.distDir,
    pages: rendered,
    removed: removed.map((page) => publishedFile(page.url, page.is404)),
    pageCount: pages.length,
    previous,
  })
  // A strict build stops at the launch check: the full build says why, as it does for content with mistakes.
  const published = await publishing.catch((error: unknown) => {
    if (error instanceof LaunchCheckStop) return undefined
    throw error
  })
  if (!published) return { built: false, fallback: 'the pages do not pass the launch check' }
  const { touched } = published
  step('published')
  await writeState(paths.stateFile, {
    ...state,
    shell,
    pages,
    dist: updatedFiles(paths.distDir, state.dist, touched),
    // publishChanges kept the dist/ it replaced, which was as this build found it.
    previous: state.dist,
  })
  step('state written')
  console.log(
    `Built ${pages.length} pages into ${path.relative(process.cwd(), paths.distDir) || paths.distDir} in ${(performance.now() / 1000).toFixed(1)} s (${changed.length} rendered again, ${removed.length} removed)`,
  )
  return { built: true }
}

/** BUILD_LOG_LEVEL=info: how long each step took, as it ends ("incremental build: content checked in 412 ms"). */
function stepTimer(enabled: boolean): (name: string) => void {
  let last = performance.now()
  return (name) => {
    const now = performance.now()
    if (enabled) console.log(`incremental build: ${name} in ${Math.round(now - last)} ms`)
    last = now
  }
}

/** Every field a +data hook or a head of this site reads (the full build checks that the data is Vike's). */
const pageContextOf = (page: Omit<PageState, 'data'>, globalContext: GlobalContext, data?: unknown) =>
  ({
    globalContext,
    routeParams: page.routeParams,
    urlOriginal: page.url,
    urlPathname: page.url,
    pageId: page.pageId,
    is404: page.is404,
    data,
  }) as unknown as PageContextServer<PageData>

/** The page's `name` file as Vike inherits it: its own folder's, else that of the nearest folder above it. */
function nearest<T>(files: Record<string, T>, pageId: string, name: string): T | undefined {
  for (let dir = pageId; dir !== '/'; dir = path.posix.dirname(dir)) {
    const file = files[`${dir}/${name}`]
    if (file) return file
  }
  return undefined
}

/** The page's data, from its +data hook (or the renderer's), called as Vike calls it. */
async function dataOf(page: Omit<PageState, 'data'>, globalContext: GlobalContext): Promise<unknown> {
  const load = nearest(dataHooks, page.pageId, '+data.ts') ?? dataHooks['/renderer/+data.ts']
  return (await load?.())?.data?.(pageContextOf(page, globalContext))
}

/** The page's head, from its +head setting; none for a redirect, as the shell writes none. */
async function headOf(page: Omit<PageState, 'data'>, data: unknown, globalContext: GlobalContext): Promise<Head | undefined> {
  const pageContext = pageContextOf(page, globalContext, data)
  if (pageContext.data?.redirectTo) return undefined
  return (await nearest(headSettings, page.pageId, '+head.ts')?.())?.head?.(pageContext)
}

/** What the page is made of besides its code and the shell: its data and its head. */
async function pageFingerprint(page: Omit<PageState, 'data'>, data: unknown, globalContext: GlobalContext): Promise<string> {
  return fingerprint({ data: data ?? null, head: (await headOf(page, data, globalContext)) ?? null })
}

/** The addresses the pages' +onBeforePrerenderStart hooks give (the collections' entries and their old addresses). */
async function hookUrls(): Promise<Set<string>> {
  const urls = new Set<string>()
  for (const load of Object.values(prerenderHooks)) {
    const result = await (await load()).onBeforePrerenderStart?.()
    if (!Array.isArray(result) || !result.every((url) => typeof url === 'string'))
      throw new Error('an +onBeforePrerenderStart hook gave something other than addresses')
    for (const url of result) urls.add(url)
  }
  return urls
}

/**
 * The images and which of them have a card (imageFor.ts): a page shared with an image that had none (an article's
 * image changed to a gallery picture) needs the full build, which draws it.
 */
const imagesFingerprint = (content: SiteContent) => fingerprint({ images: [...content.images], cards: cardImages(content) })

/** Data as JSON, Maps and Sets included; anything that JSON cannot show throws (the page is then built fully). */
function fingerprint(value: unknown): string {
  const json = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) return { Map: [...item] }
    if (item instanceof Set) return { Set: [...item] }
    if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint' || item instanceof Promise)
      throw new Error(`page data holds a ${typeof item}, which cannot be compared`)
    return item
  })
  return createHash('sha256').update(json).digest('base64url')
}

/** Synchronous: thousands of stat calls cost milliseconds this way, and queue behind each other on libuv's pool otherwise. */
async function distFiles(dir: string): Promise<Record<string, [number, number]>> {
  const files: Record<string, [number, number]> = {}
  let entries: Dirent[] = []
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return files
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const { size, mtimeMs } = statSync(file)
    files[path.relative(dir, file)] = [size, mtimeMs]
  }
  return files
}

/**
 * The dist/ the last incremental build replaced, if it is still as that build left it, and the files in
 * which it differs from dist/ now: the next dist/ is made from it (staging.ts linkedCopyFrom).
 */
async function previousDist(distDir: string, state: BuildState): Promise<{ dir: string; differing: string[] } | undefined> {
  const dir = previousDir(distDir)
  if (!state.previous || !sameFiles(await distFiles(dir), state.previous)) return undefined
  const { dist, previous } = state
  const differing = [...new Set([...Object.keys(dist), ...Object.keys(previous)])].filter((file) => !sameFile(dist[file], previous[file]))
  return { dir, differing }
}

/** `files` (distFiles()) after the `touched` files of `dir` were written or removed. */
function updatedFiles(dir: string, files: BuildState['dist'], touched: string[]): BuildState['dist'] {
  const updated = { ...files }
  for (const file of touched) {
    const stats = statSync(path.join(dir, file), { throwIfNoEntry: false })
    if (stats?.isFile()) updated[file] = [stats.size, stats.mtimeMs]
    else delete updated[file]
  }
  return updated
}

function sameFiles(now: BuildState['dist'], then: BuildState['dist']): boolean {
  const names = Object.keys(now)
  return names.length === Object.keys(then).length && names.every((name) => sameFile(now[name], then[name]))
}

/** The same size and modification time, or missing from both. */
const sameFile = (a: [number, number] | undefined, b: [number, number] | undefined) => a?.[0] === b?.[0] && a?.[1] === b?.[1]

async function readState(file: string): Promise<BuildState | undefined> {
  const state = await fs.readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as BuildState,
    () => undefined,
  )
  return state?.version === stateVersion ? state : undefined
}

async function writeState(file: string, state: BuildState) {
  // Renamed into place: a build stopped midway leaves the previous state or none, never half of one.
  await fs.writeFile(`${file}.tmp`, JSON.stringify(state))
  await fs.rename(`${file}.tmp`, file)
}
