import fs from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { getGlobalContextAsync } from 'vike/server'
import type { Plugin, ViteDevServer } from 'vite'
import { heldBackSummary } from '../contract/content/editorMessages.ts'
import type { ContentCheck } from './checkContent.ts'
import { contentModuleId, inlineContentModule, resolvedContentModuleId, type BuiltContent } from './contentModule.ts'
import { buildPaths } from './paths.ts'

/**
 * In `npm run dev`, the content is read and checked as the build does it: when the server starts and again
 * on every save in content/. Then open pages reload with the new content; or, if a file is wrong, they show
 * the build's lines in Vite's error overlay, and any page opened meanwhile is a page with those lines (not
 * Vike's bare "An error occurred"). Once the file is fixed, every open page reloads by itself.
 *
 * The pages get the content as in the build, as `virtual:site-content` through Vike's globalContext
 * (siteBuild.ts). That module holds the newest content without mistakes; Vike keeps its globalContext
 * across saves in content/, so each newer content is also handed to it directly.
 */
export function devContent(): Plugin {
  const { contentDir, markdownCacheDir } = buildPaths()
  // The server code waits for the first check; the module then holds the newest content without mistakes
  // (or the first check's mistakes, until there is one).
  let first: Promise<ContentCheck> | undefined
  let newest: BuiltContent = { stop: 'content/ has not been read yet' }
  let started = 0

  return {
    name: 'dev-content',
    apply: 'serve',
    resolveId: (id) => (id === contentModuleId ? resolvedContentModuleId : undefined),
    async load(id) {
      if (id !== resolvedContentModuleId) return
      await first
      return inlineContentModule(newest)
    },
    configureServer(server) {
      const check = (): Promise<ContentCheck> => {
        const number = ++started
        // Loaded here: a build checks the content on a thread of its own (contentCheck.js), and its process need
        // not load the Markdown and schema code.
        return import('./checkContent.ts')
          .then(({ checkContent }) => checkContent(contentDir, { markdownCacheDir }))
          .then((result) => {
            // Only the newest save counts. A mistake keeps the last content without one: the pages show the
            // mistake meanwhile (below).
            if (number !== started) return result
            // As the build's summary line says it: the article is missing from /blog for a reason.
            if (result.content?.heldBack.length) server.config.logger.warn(heldBackSummary(result.content.heldBack), { timestamp: true })
            if (result.content) newest = { content: result.content }
            else if (!newest.content) newest = { stop: result.stop }
            return result
          })
      }
      // When the newest check started: a file changed after it may not be in it (freshSettled below).
      let checkedAt = Date.now()
      let current = check()
      first = current
      /** Checks the content again; content without mistakes goes to the pages at once. */
      const recheck = () => {
        checkedAt = Date.now()
        current = check().then(async (result) => {
          if (result.content) await handToVike(server)
          return result
        })
      }
      void current.then((result) => result.stop !== undefined && server.config.logger.error(result.stop))

      server.watcher.add(contentDir)
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(contentDir + path.sep)) return
        recheck()
        const latest = current
        // Saves in quick succession: only the newest check speaks.
        void latest.then((result) => latest === current && report(server, result))
      })

      // A save may land while a check is awaited: answer from the newest one.
      const settled = async (): Promise<ContentCheck> => {
        const awaited = current
        const result = await awaited
        return awaited === current ? result : settled()
      }
      // A save is a truncate then a write. A check that read the file in between finds it broken, and on a
      // busy machine the watcher may report the two as one event, already handled. So before a page shows
      // a mistake, a file changed since that check means checking again.
      const freshSettled = async (): Promise<ContentCheck> => {
        const since = checkedAt
        const result = await settled()
        if (result.stop === undefined || (await newestChange(contentDir)) < since) return result
        recheck()
        return settled()
      }
      // A page that was loading when a check found a mistake (a rename is two saves: the first check may pass
      // and reload the page, the second fail while it reloads) was not connected to hear of it; it hears now.
      server.ws.on('vite:client:connect', (_data, client) => {
        void settled().then((result) => {
          if (result.stop !== undefined) client.send(overlayError(result.stop))
        })
      })
      server.middlewares.use((req, res, next) => {
        if (!isPageRequest(req)) return next()
        void freshSettled().then((result) => {
          if (result.stop === undefined) return next()
          res.statusCode = 500
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end(errorPage(result.stop))
        })
      })

      /** The next import of the content module reads the new content, and the pages get it at once. */
      async function handToVike(server: ViteDevServer) {
        const { moduleGraph } = server.environments.ssr
        const module = moduleGraph.getModuleById(resolvedContentModuleId)
        if (module) moduleGraph.invalidateModule(module)
        const globalContext = await getGlobalContextAsync(false)
        if (!globalContext.isClientSide) globalContext.builtContent = newest
      }
    },
  }
}

function report(server: ViteDevServer, result: ContentCheck) {
  if (result.stop === undefined) {
    server.ws.send({ type: 'full-reload', path: '*' })
    return
  }
  server.config.logger.error(result.stop, { timestamp: true })
  // Vite keeps an error sent while no page is open and shows it to the next page, even once the file is
  // fixed; a page opened later gets the error page below instead.
  if (server.ws.clients.size === 0) return
  server.ws.send(overlayError(result.stop))
}

const overlayError = (lines: string) => ({ type: 'error' as const, err: { message: lines, stack: '', plugin: 'content' } })

// A page a browser navigates to ('/blog/x', '/blog/x/index.html'), not a module, image or data request.
function isPageRequest(req: IncomingMessage): boolean {
  const pathname = (req.url ?? '/').split('?')[0]!
  const isGet = req.method === 'GET' || req.method === 'HEAD'
  return isGet && !!req.headers.accept?.includes('text/html') && !pathname.startsWith('/@') && (!path.extname(pathname) || pathname.endsWith('.html'))
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// For the editor at the preview, not for visitors: it never leaves `npm run dev`. The Vite client reloads
// it once the content is fixed.
function errorPage(lines: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<meta charset="utf-8">
<title>Content problem</title>
<script type="module" src="/@vite/client"></script>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem">
<h1>The content has a problem</h1>
<pre style="white-space: pre-wrap; background: #fef2f2; color: #991b1b; padding: 1rem; border-radius: 0.5rem">${escapeHtml(lines)}</pre>
<p>Fix the file and save it: this page reloads by itself. <code>npm run build</code> stops on the same lines.</p>
</body>
</html>
`
}

/** The latest modification time of any file in `dir`, in ms. */
async function newestChange(dir: string): Promise<number> {
  const files = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  const times = await Promise.all(
    files
      .filter((entry) => entry.isFile())
      .map((entry) =>
        fs.stat(path.join(entry.parentPath, entry.name)).then(
          (stat) => stat.mtimeMs,
          () => 0,
        ),
      ),
  )
  return times.reduce((newest, time) => Math.max(newest, time), 0)
}
