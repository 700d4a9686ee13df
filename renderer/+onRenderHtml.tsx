import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import '../site/styles/global.css'
import { siteContent } from '../site/content/siteContent'
import { AdminLayout } from './AdminLayout'
import { Layout } from './Layout'
import { IslandComponents } from '../site/islands/Island'
import { loadIslands } from '../site/islands/loadIslands'
import { layoutData } from '../site/pages/layoutData'
import { renderHead, type Head } from './head'
import { redirectDocument } from './redirectDocument'

/** `shell: 'admin'`: an admin page, framed by AdminLayout instead of the site's header and footer. */
export type PageData = { head: Head; redirectTo?: string; isHome?: boolean; shell?: 'admin' }

export async function onRenderHtml(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const data = (pageContext.data ?? {}) as PageData
  if (data.redirectTo) return redirectDocument(data.redirectTo, content)

  const Page = pageContext.Page as React.ComponentType<{ data: unknown }>
  const frame = layoutData(content)
  const body = renderToString(
    <IslandComponents value={await loadIslands()}>
      {data.shell === 'admin' ? (
        <AdminLayout skipToContent={frame.skipToContent}>
          <Page data={data} />
        </AdminLayout>
      ) : (
        <Layout {...frame} isHome={data.isHome === true}>
          <Page data={data} />
        </Layout>
      )}
    </IslandComponents>,
  )
  return escapeInject`<!DOCTYPE html>
<html lang="${content.site.lang}">
  <head>
    ${renderHead(data.head, content)}
  </head>
  <body>${dangerouslySkipEscape(body)}</body>
</html>`
}
