import path from 'node:path'
import type { Plugin } from 'vite'

/** In `npm run dev`, saving a file in content/ reloads the open page with the new content. */
export function contentReload(): Plugin {
  return {
    name: 'content-reload',
    apply: 'serve',
    configureServer(server) {
      const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content')
      server.watcher.add(contentDir)
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(contentDir)) return
        // site/content/index.ts keeps loaded content per process; a new generation makes it reload.
        process.env.CONTENT_GENERATION = String(Number(process.env.CONTENT_GENERATION ?? 0) + 1)
        server.ws.send({ type: 'full-reload', path: '*' })
      })
    },
  }
}
