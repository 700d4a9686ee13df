import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import '../site/styles/global.css'
import { siteContent } from '../site/content/siteContent'
import { AdminLayout } from './AdminLayout'
import { Layout } from './Layout'
import { IslandComponents } from '../site/islands/Island'
import { loadIslands } from '../site/islands/loadIslands'
import { renderHead, type Head } from './head'
import { redirectDocument } from './redirectDocument'
import { shellOf } from './shell'

/** `layout: 'admin'`: an admin page, framed by AdminLayout instead of the site's header and footer. */
export type PageData = { head: Head; redirectTo?: string; isHome?: boolean; layout?: 'admin' }

export async function onRenderHtml(pageContext: PageContextServer) {
  // The page's data and its shell: nothing else of the content (shell.ts).
  const shell = shellOf(siteContent(pageContext.globalContext))
  const data = (pageContext.data ?? {}) as PageData
  if (data.redirectTo) return redirectDocument(data.redirectTo, shell)

  const Page = pageContext.Page as React.ComponentType<{ data: unknown }>
  const body = renderToString(
    <IslandComponents value={await loadIslands()}>
      {data.layout === 'admin' ? (
        <AdminLayout skipToContent={shell.layout.skipToContent}>
          <Page data={data} />
        </AdminLayout>
      ) : (
        <Layout {...shell.layout} isHome={data.isHome === true}>
          <Page data={data} />
        </Layout>
      )}
    </IslandComponents>,
  )
  return escapeInject`<!DOCTYPE html>
<html lang="${shell.site.lang}">
  <head>
    ${renderHead(data.head, shell)}
  </head>
  <body>${dangerouslySkipEscape(body)}</body>
</html>`
}
