import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import '../site/styles/global.css'
import { siteContent } from '../site/content/siteContent'
import { AdminLayout } from './AdminLayout'
import { Layout } from './Layout'
import { IslandComponents } from '../site/islands/Island'
import { loadIslands } from '../site/islands/loadIslands'
import type { PageData } from '../site/pages/pageData'
import { renderHead } from './head'
import { redirectDocument } from './redirectDocument'
import { shellOf } from './shell'

// Every page's +data hook is made by pageData(), which checks that it returns PageData.
export async function onRenderHtml(pageContext: PageContextServer<PageData>) {
  // The page's data and its shell: nothing else of the content (shell.ts).
  const shell = shellOf(siteContent(pageContext.globalContext))
  const { data } = pageContext
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
