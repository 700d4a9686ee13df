import { createReadStream, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Context, Middleware } from 'koa'
import send from 'koa-send'
import { apiPrefix } from '../../contract/wire/api.js'
import { notFoundSectionOf, urls } from '../../contract/wire/urls.js'

const immutable = 'public, max-age=31536000, immutable'
const revalidate = 'no-cache'

/**
 * Serves the built site (`dist/`) as a static host would: `/blog/x/` and `/blog/x` -> `blog/x/index.html`;
 * hashed files under `/assets/` cached forever, everything else revalidated; `_redirects` answered as
 * redirects; unknown paths answered 404 with the not-found page of their section.
 */
export function staticSite(siteDir: string): Middleware {
  const root = path.resolve(siteDir)
  const redirects = readRedirects(path.join(root, '_redirects'))
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith(apiPrefix)) return next()
    const redirect = redirects.get(ctx.path.replace(/(.)\/$/, '$1'))
    if (redirect) {
      ctx.redirect(redirect.to)
      ctx.status = redirect.status
      return
    }
    try {
      const served = await send(ctx, ctx.path, {
        root,
        index: 'index.html',
        setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(root, file)),
      })
      if (served) {
        if (ctx.fresh) ctx.status = 304
        return
      }
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error
    }
    notFound(ctx, root)
  }
}

function cacheControl(root: string, file: string): string {
  return file.startsWith(path.join(root, 'assets') + path.sep) ? immutable : revalidate
}

// A section's own not-found page if the build made one (/service/404 is published as service/404.html),
// else the site's.
function notFound(ctx: Context, root: string): void {
  const section = notFoundSectionOf(ctx.path)
  const page = [section && `${urls.notFound(section)}.html`, '404.html']
    .filter((candidate) => candidate !== undefined)
    .map((candidate) => path.join(root, candidate))
    .find(isFile)
  ctx.status = 404
  ctx.set('Cache-Control', revalidate)
  if (!page) {
    ctx.body = { error: 'Not Found' }
    return
  }
  ctx.type = 'html'
  ctx.body = createReadStream(page)
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/**
 * Netlify-style `_redirects`, the lines the site build writes:
 *
 *     /case-study/smart-support-ai /case-study/smart-support 301
 */
export function readRedirects(file: string): Map<string, { to: string; status: number }> {
  const redirects = new Map<string, { to: string; status: number }>()
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return redirects
  }
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/)
    if (!from || !to || from.startsWith('#')) continue
    const code = Number(status ?? 301)
    redirects.set(from.replace(/(.)\/$/, '$1'), { to, status: [301, 302, 307, 308].includes(code) ? code : 301 })
  }
  return redirects
}
