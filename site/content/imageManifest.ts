import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Metadata } from 'sharp'
import { scriptedSvg } from '../../contract/content/editorMessages.ts'

export type ImageAsset = {
  src: string
  /** The WebP widths of a picture; none for an SVG, which is drawn sharp at any size. */
  srcSet?: string
  width: number
  height: number
  /** A WebP for social cards (og:image) and search engines, which take no SVG. */
  card: string
}

export type ImageManifest = {
  /** The optimised image for a ref as written in content ('/images/blog/foo.svg'); undefined if there is none. */
  get(ref: string): ImageAsset | undefined
  /** Every ref found in content/images, sorted. */
  refs(): string[]
  /**
   * Writes the files into outDir (e.g. 'dist'), reusing cacheDir for unchanged sources; counts the WebP files.
   * Every picture's files and every SVG; an SVG's card only when its ref is in `cards` (all of them if not given),
   * which may settle later: the rest is written meanwhile.
   */
  write(outDir: string, options?: { cacheDir?: string; cards?: Iterable<string> | Promise<Iterable<string>> }): Promise<{ written: number; cached: number }>
}

/**
 * An SVG is published as it is, under a name with its hash: it is a few kilobytes, sharp at every size
 * and density, and needs no conversion (rasterising the shipped artwork's blur filters at 1280 px was
 * most of a cold build's image time). Only its social card is drawn, at CARD_WIDTH: the card sites take
 * no SVG, and 800 px is above the 600 px they want for a large preview. A picture (PNG, JPEG, WebP) gets
 * WebP files at WIDTHS, the largest also its card.
 */
const CARD_WIDTH = 800
/**
 * Widths of the WebP variants; a source narrower than one of them gets its own width instead (never
 * upscaled). A phone's full width is 360-430 CSS px at 1 to 3 device pixels each: 480 for the first,
 * 800 for the common 1.75-2 (Lighthouse's Moto G is 412 px at 1.75: 721), 1280 for the rest.
 */
const WIDTHS = [480, 800, 1280]
const EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp'])
const URL_PREFIX = '/assets/img/'
const WEBP = { quality: 80, effort: 4 } as const
/** Part of the cache path, so that changing the encoder settings never reuses stale files. */
const CACHE_VERSION = `webp-q${WEBP.quality}-e${WEBP.effort}-v2`
const CONCURRENCY = 2
const DEFAULT_CACHE_DIR = '.cache/images'

// Loaded when a picture must be measured or converted, not with the build's config: a build whose WebP
// files are all in the cache, of SVG artwork, never needs it.
const loadSharp = () => import('sharp').then((module) => module.default)

type Source = { ref: string; file: string; svg: boolean; width: number; height: number; variants: Variant[] }
/** A published file of a source: a WebP drawn from it, or the SVG itself. */
type Variant = { name: string; url: string; width: number; height: number; source: Source; copy: boolean }

/** Variants by URL, for the dev server; kept beside each manifest without widening its public type. */
const variantsOf = new WeakMap<ImageManifest, Map<string, Variant>>()

/**
 * Scans `<contentDir>/images/**` and computes the URL, srcset and size of every image, without converting
 * anything: only the bytes are hashed and the headers read. A missing folder gives an empty manifest.
 */
export async function loadImageManifest(contentDir: string): Promise<ImageManifest> {
  const root = path.join(contentDir, 'images')
  const files = await listImages(root)
  const sources = await Promise.all(files.map((file) => readSource(root, file)))
  const byRef = new Map<string, { source: Source; asset: ImageAsset }>()
  const byUrl = new Map<string, Variant>()
  for (const source of sources) {
    byRef.set(source.ref, { source, asset: assetOf(source) })
    for (const variant of source.variants) byUrl.set(variant.url, variant)
  }

  const manifest: ImageManifest = {
    get: (ref) => byRef.get(ref)?.asset,
    refs: () => [...byRef.keys()].sort(),
    async write(outDir, options = {}) {
      const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR
      const target = path.join(outDir, URL_PREFIX)
      await fs.mkdir(target, { recursive: true })
      let written = 0
      let cached = 0
      const writeFiles = async (source: Source, variants: Variant[]) => {
        const result = await sourceFiles(source, variants, cacheDir, target)
        written += result.written
        cached += result.cached
      }
      // One task per source, so that its largest rendering is shared by all of its variants.
      await eachLimited(sources, CONCURRENCY, (source) => writeFiles(source, source.svg ? source.variants.slice(0, 1) : source.variants))
      const cards = new Set(options.cards ? await options.cards : byRef.keys())
      await eachLimited(
        sources.filter((source) => source.svg && cards.has(source.ref)),
        CONCURRENCY,
        (source) => writeFiles(source, source.variants.slice(1)),
      )
      return { written, cached }
    },
  }
  variantsOf.set(manifest, byUrl)
  return manifest
}

/**
 * For the dev server: the bytes behind a published URL ('/assets/img/hero-1a2b3c4d-1280.webp', converted by
 * the same code as the build and cached in cacheDir; '/assets/img/hero-1a2b3c4d.svg'), or undefined when
 * the manifest has no such URL.
 */
export async function readImageVariant(manifest: ImageManifest, url: string, options: { cacheDir?: string } = {}): Promise<Buffer | undefined> {
  const variant = variantsOf.get(manifest)?.get(url)
  if (!variant) return undefined
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR
  await sourceFiles(variant.source, [variant], cacheDir)
  return fs.readFile(cacheFile(cacheDir, variant))
}

async function listImages(root: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return entries
    .filter((entry) => entry.isFile() && EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

async function readSource(root: string, file: string): Promise<Source> {
  const bytes = await fs.readFile(file)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8)
  const svg = path.extname(file).toLowerCase() === '.svg'
  const text = svg ? bytes.toString('utf8') : undefined
  if (text !== undefined) refuseScripts(text, file)
  const size = (text !== undefined && svgSize(text)) || (await rasterSize(bytes, file))
  const relative = path.relative(root, file).split(path.sep).join('/')
  const base =
    path
      .basename(file, path.extname(file))
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image'
  const source: Source = { ref: `/images/${relative}`, file, svg, ...size, variants: [] }
  const webp = (width: number): Variant => {
    const name = `${base}-${hash}-${width}.webp`
    return { name, url: URL_PREFIX + name, width, height: Math.max(1, Math.round((size.height * width) / size.width)), source, copy: false }
  }
  const copy: Variant = { name: `${base}-${hash}.svg`, url: `${URL_PREFIX}${base}-${hash}.svg`, ...size, source, copy: true }
  source.variants = svg ? [copy, webp(Math.min(CARD_WIDTH, size.width))] : variantWidths(size.width).map(webp)
  return source
}

function assetOf(source: Source): ImageAsset {
  if (source.svg) {
    const [svg, card] = source.variants as [Variant, Variant]
    return { src: svg.url, width: svg.width, height: svg.height, card: card.url }
  }
  const largest = source.variants[source.variants.length - 1]!
  return {
    src: largest.url,
    srcSet: source.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    width: largest.width,
    height: largest.height,
    card: largest.url,
  }
}

/** The WIDTHS the source is at least as wide as; a narrower source is also kept at its own width. */
function variantWidths(intrinsic: number): number[] {
  const widths = WIDTHS.filter((width) => width <= intrinsic)
  const largest = WIDTHS[WIDTHS.length - 1]!
  if (intrinsic < largest && !widths.includes(intrinsic)) widths.push(intrinsic)
  return widths
}

/** What in an SVG would run when its address is opened (an <img> runs none of it, a tab would). */
const scripted: [RegExp, string][] = [
  [/<script\b/i, 'a <script> element'],
  [/<foreignObject\b/i, 'a <foreignObject> element (HTML inside the SVG)'],
  [/\son[a-z]+\s*=/i, 'an event attribute (onload=, onclick=…)'],
  [/(?:href|src)\s*=\s*["']?\s*javascript:/i, 'a javascript: link'],
]

function refuseScripts(text: string, file: string) {
  for (const [pattern, what] of scripted) if (pattern.test(text)) throw new Error(`${file}: ${scriptedSvg(what)}`)
}

/** width/height from the root element's attributes (plain or px numbers), falling back to its viewBox. */
function svgSize(text: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0]
  if (!tag) return undefined
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]?.trim()
  const length = (value: string | undefined) => {
    const match = value && /^(\d+(?:\.\d+)?)(px)?$/.exec(value)
    return match ? Number(match[1]) : undefined
  }
  const box = attribute('viewBox')
    ?.split(/[\s,]+/)
    .map(Number)
  const boxSize = box?.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : undefined
  let width = length(attribute('width'))
  let height = length(attribute('height'))
  if (width === undefined && height === undefined && boxSize) ({ width, height } = boxSize)
  else if (width === undefined && height !== undefined && boxSize) width = (height * boxSize.width) / boxSize.height
  else if (height === undefined && width !== undefined && boxSize) height = (width * boxSize.height) / boxSize.width
  if (!width || !height) return undefined
  return { width: Math.round(width), height: Math.round(height) }
}

async function rasterSize(bytes: Buffer, file: string): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    metadata = await sharp(bytes).metadata()
  } catch (error) {
    throw new Error(`${file}: not a readable image (${(error as Error).message})`)
  }
  // Photos from phones are often stored sideways with an EXIF orientation; the encoder turns them upright.
  const width = metadata.autoOrient?.width ?? metadata.width
  const height = metadata.autoOrient?.height ?? metadata.height
  if (!width || !height) throw new Error(`${file}: has no width and height`)
  return { width, height }
}

/** Where a variant's bytes are: the SVG itself, or the converted file in the cache. */
const cacheFile = (cacheDir: string, variant: Variant) => (variant.copy ? variant.source.file : path.join(cacheDir, CACHE_VERSION, variant.name))

/**
 * Makes sure the given variants of one source are in the cache, converting the missing ones, and copies them
 * into `outDir` when given.
 */
async function sourceFiles(source: Source, variants: Variant[], cacheDir: string, outDir?: string) {
  const converted = variants.filter((variant) => !variant.copy)
  const missing: Variant[] = []
  await Promise.all(
    converted.map((variant) =>
      fs.access(cacheFile(cacheDir, variant)).catch(() => {
        missing.push(variant)
      }),
    ),
  )
  if (missing.length) {
    const [largest, sharp] = await Promise.all([render(source), loadSharp()])
    await fs.mkdir(path.join(cacheDir, CACHE_VERSION), { recursive: true })
    for (const variant of missing) {
      const bytes = await sharp(largest.data, { raw: largest.info })
        .resize(variant.width, variant.height, { fit: 'fill', kernel: 'lanczos3' })
        .webp(WEBP)
        .toBuffer()
      // Written under a temporary name and renamed, so a parallel build or dev server never reads half a file.
      const file = cacheFile(cacheDir, variant)
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      await fs.writeFile(temporary, bytes)
      await fs.rename(temporary, file)
    }
  }
  if (outDir) await Promise.all(variants.map((variant) => fs.copyFile(cacheFile(cacheDir, variant), path.join(outDir, variant.name))))
  return { written: missing.length, cached: converted.length - missing.length }
}

/**
 * The source as raw pixels at the size of its largest WebP; every WebP is scaled from this one rendering, so
 * each file's bytes never depend on which others were already cached.
 */
async function render(source: Source) {
  const { width, height } = source.variants[source.variants.length - 1]!
  const [bytes, sharp] = await Promise.all([fs.readFile(source.file), loadSharp()])
  // An SVG is rasterised at the density that gives the target size directly, so edges stay crisp.
  const input = source.svg ? sharp(bytes, { density: Math.min(100_000, (72 * width) / source.width + 1e-6) }) : sharp(bytes).rotate()
  return input.resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true })
}

async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
