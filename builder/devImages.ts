import path from 'node:path'
import type { Plugin } from 'vite'
import { loadImageManifest, readImageVariant, type ImageManifest } from '../site/content/imageManifest.ts'
import { buildPaths } from './paths.ts'

/**
 * In `vike dev`, serves the published images (/assets/img/<name>-<hash>-<width>.webp, converted on the fly by
 * the same code as the build and kept in .cache/images; /assets/img/<name>-<hash>.svg), so editors see their
 * pictures while writing.
 * The build does not use this plugin: it writes the images with `manifest.write()` (siteBuild.ts).
 */
export function devImages(): Plugin {
  return {
    name: 'dev-images',
    apply: 'serve',
    configureServer(server) {
      const { contentDir, imageCacheDir } = buildPaths()
      const imagesDir = path.join(contentDir, 'images')
      let manifest: Promise<ImageManifest> | undefined
      // A changed, added or removed picture changes the URLs: read the folder again on the next request.
      server.watcher.add(imagesDir)
      server.watcher.on('all', (_event, file) => {
        if (file.startsWith(imagesDir)) manifest = undefined
      })

      server.middlewares.use('/assets/img/', (req, res, next) => {
        const url = `/assets/img${(req.url ?? '').split('?')[0]}`
        const type = url.endsWith('.webp') ? 'image/webp' : url.endsWith('.svg') ? 'image/svg+xml' : undefined
        if (!type || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
        manifest ??= loadImageManifest(contentDir)
        manifest
          .then((current) => readImageVariant(current, url, { cacheDir: imageCacheDir }))
          .then((bytes) => {
            if (!bytes) return next()
            res.setHeader('Content-Type', type)
            res.setHeader('Content-Length', bytes.length)
            // The name carries the content hash, but a dev server should never pin anything.
            res.setHeader('Cache-Control', 'no-cache')
            res.end(req.method === 'HEAD' ? undefined : bytes)
          })
          .catch((error: unknown) => {
            manifest = undefined
            next(error)
          })
      })
    },
  }
}
