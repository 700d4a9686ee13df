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
        if (file.startsWith(contentDir)) server.ws.send({ type: 'full-reload', path: '*' })
      })
    },
  }
}
