import path from 'node:path'
import { buildStateFile, vikeOutDirOption } from './outDir.js'

export { vikeOutDirOption }

/** Where the build reads and writes, from the environment `npm run build` and the tests set. */
export type BuildPaths = {
  /** CONTENT_DIR: what editors change. */
  contentDir: string
  /** DIST_DIR: the published site, flat (dist/index.html, dist/blog/<slug>/index.html). */
  distDir: string
  /** VIKE_OUT_DIR: Vike's output: client/ is published, server/ and the build state stay for the next build. */
  vikeOutDir: string
  /** The converted images, beside Vike's output until they are published. */
  imagesDir: string
  /** The checked content, as the server code reads it (contentModule.ts). */
  contentFile: string
  /** What the last full build left for an incremental one (incrementalBuild.ts). */
  stateFile: string
  /** IMAGE_CACHE_DIR: converted images kept between builds (default .cache/images). */
  imageCacheDir: string | undefined
  /** MARKDOWN_CACHE_DIR: rendered Markdown kept between builds (default .cache/markdown). */
  markdownCacheDir: string
  /** COMPRESSED_CACHE_DIR: brotli and gzip copies of the hashed assets kept between builds (default .cache/compressed). */
  compressedCacheDir: string
}

export function buildPaths(env: NodeJS.ProcessEnv = process.env): BuildPaths {
  const vikeOutDir = path.resolve(vikeOutDirOption(env))
  return {
    contentDir: path.resolve(env.CONTENT_DIR ?? 'content'),
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    vikeOutDir,
    imagesDir: `${vikeOutDir}-images`,
    contentFile: path.join(vikeOutDir, 'site-content.json'),
    stateFile: path.join(vikeOutDir, buildStateFile),
    imageCacheDir: env.IMAGE_CACHE_DIR,
    markdownCacheDir: path.resolve(env.MARKDOWN_CACHE_DIR ?? '.cache/markdown'),
    compressedCacheDir: path.resolve(env.COMPRESSED_CACHE_DIR ?? '.cache/compressed'),
  }
}

/**
 * What the build prints when every page is published but the images are still converting (a first build):
 * `npm start` (scripts/start.ts) starts serving then, and the images follow into dist/.
 */
export const pagesBeforeImages = 'Pages published; converting the images into dist/…'
