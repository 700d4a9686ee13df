import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { loadEmailTemplates } from '../forms-service/email/templates.ts'
import { forgetContent, getContent } from '../site/content/index.ts'

/**
 * In `npm run dev`, the content is read and checked as the build does it: when the server starts and
 * again on every save in content/. Then open pages reload; or, if a file is wrong, they show the build's
 * lines in Vite's error overlay, and any page opened meanwhile is a page with those lines (not Vike's bare
 * "An error occurred"). Once the file is fixed, every open page reloads by itself.
 */
export function contentReload(): Plugin {
  return {
    name: 'content-reload',
    apply: 'serve',
    configureServer(server) {
      const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content')
      // Vite restarts the server in the same process when the config or a module it imports changes.
      forgetContent()
      let check = checkContent(contentDir)
      void check.then((error) => error && server.config.logger.error(error.message))

      server.watcher.add(contentDir)
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(contentDir + path.sep)) return
        forgetContent()
        const current = (check = checkContent(contentDir))
        // Saves in quick succession: only the newest check speaks.
        void current.then((error) => current === check && report(server, error))
      })

      // A save may land while a check is awaited: answer from the newest one.
      const settled = async (): Promise<Error | undefined> => {
        const current = check
        const error = await current
        return current === check ? error : settled()
      }
      server.middlewares.use((req, res, next) => {
        if (!isPageRequest(req)) return next()
        void settled().then((error) => {
          if (!error) return next()
          res.statusCode = 500
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end(errorPage(error))
        })
      })
    },
  }
}

/** Everything the build checks (site content and the email templates); the error, if any. */
async function checkContent(contentDir: string): Promise<Error | undefined> {
  try {
    await Promise.all([getContent(), loadEmailTemplates(contentDir)])
    return undefined
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

const contentErrors = ['ContentError', 'EmailContentError']
const isContentError = (error: Error) => contentErrors.includes(error.name)

function report(server: ViteDevServer, error: Error | undefined) {
  if (!error) {
    server.ws.send({ type: 'full-reload', path: '*' })
    return
  }
  server.config.logger.error(error.message, { timestamp: true })
  // Vite keeps an error sent while no page is open and shows it to the next page, even once the file is
  // fixed; a page opened later gets the error page below instead.
  if (server.ws.clients.size === 0) return
  server.ws.send({ type: 'error', err: { message: error.message, stack: isContentError(error) ? '' : (error.stack ?? ''), plugin: 'content' } })
}

// A page a browser navigates to ('/blog/x', '/blog/x/index.html'), not a module, image or data request.
function isPageRequest(req: IncomingMessage): boolean {
  const pathname = (req.url ?? '/').split('?')[0]!
  const isGet = req.method === 'GET' || req.method === 'HEAD'
  return isGet && !!req.headers.accept?.includes('text/html') && !pathname.startsWith('/@') && (!path.extname(pathname) || pathname.endsWith('.html'))
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// For the editor at the preview, not for visitors: it never leaves `npm run dev`. The Vite client reloads
// it once the content is fixed.
function errorPage(error: Error): string {
  const details = isContentError(error) ? error.message : (error.stack ?? error.message)
  return `<!DOCTYPE html>
<html lang="en">
<meta charset="utf-8">
<title>Content problem</title>
<script type="module" src="/@vite/client"></script>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem">
<h1>The content has a problem</h1>
<pre style="white-space: pre-wrap; background: #fef2f2; color: #991b1b; padding: 1rem; border-radius: 0.5rem">${escapeHtml(details)}</pre>
<p>Fix the file and save it: this page reloads by itself. <code>npm run build</code> stops on the same lines.</p>
</body>
</html>
`
}
