import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import '../site/styles/global.css'
import { siteContent } from '../site/content/siteContent'
import { AdminLayout } from './AdminLayout'
import { Layout } from './Layout'
import { IslandServer } from '../site/islands/Island'
import { loadIslands } from '../site/islands/loadIslands'
import type { PageData } from '../site/pages/pageData'
import { renderHead } from './head'
import { redirectDocument } from './redirectDocument'
import { shellOf } from './shell'
import { urls } from '../contract/wire/urls'

// Every page's +data hook is made by pageData(), which checks that it returns PageData.
export async function onRenderHtml(pageContext: PageContextServer<PageData>) {
  // The page's data, its settings (head, layout) and its shell: nothing else of the content (shell.ts).
  const shell = shellOf(siteContent(pageContext.globalContext))
  const { data, config } = pageContext
  if (data.redirectTo) return redirectDocument(data.redirectTo, shell)
  if (!config.head) throw new Error(`${pageContext.pageId} has no +head.ts, in its folder or one above it`)

  const Page = pageContext.Page as React.ComponentType<{ data: unknown }>
  const body = renderToString(
    <IslandServer value={{ components: await loadIslands(), renderRoot: renderToString, page: pageContext.urlPathname }}>
      {config.layout === 'admin' ? (
        <AdminLayout skipToContent={shell.layout.skipToContent}>
          <Page data={data} />
        </AdminLayout>
      ) : (
        <Layout {...shell.layout} isHome={config.layout === 'home'}>
          <Page data={data} />
        </Layout>
      )}
    </IslandServer>,
  )
  return escapeInject`<!DOCTYPE html>
<html lang="${shell.site.lang}">
  <head>
    ${renderHead(config.head(pageContext), pageContext.is404 ? urls.notFoundPage : pageContext.urlPathname, shell)}
  </head>
  <body>${dangerouslySkipEscape(body)}</body>
</html>`
}
