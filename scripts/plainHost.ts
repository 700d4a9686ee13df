// A plain static host over a built site, as a storage bucket or a bare file server answers: files as they
// are (no compression), `dir/` -> `dir/index.html`, anything else 404.html with status 404. Used by
// `npm run preview` and by the benchmarks' "plain host" rows.
import http from 'node:http'
import Koa from 'koa'
import send from 'koa-send'

export function plainHost(root: string): http.Server {
  const app = new Koa()
  // A visitor who leaves mid-download is not an error worth printing.
  app.silent = true
  app.use(async (ctx) => {
    try {
      // Not the .br and .gz copies beside the files (koa-send would pick them by Accept-Encoding): a
      // plain host sends what was asked for, as it is.
      if (await send(ctx, ctx.path, { root, index: 'index.html', brotli: false, gzip: false })) return
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error
    }
    ctx.status = 404
    await send(ctx, '404.html', { root, brotli: false, gzip: false })
    ctx.status = 404
  })
  return http.createServer(app.callback())
}
