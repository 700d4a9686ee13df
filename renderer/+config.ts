import type { Config } from 'vike/types'
import type { HeadSetting } from '../site/pages/pageData'

export default {
  // Every route is written to a static HTML file; dist/ needs no server code.
  // Rendering is synchronous; the concurrency only overlaps each page's file writes with the next render.
  // The server code is kept: the next build renders the pages a content change touches with it
  // (builder/incrementalBuild.ts); it is never published.
  prerender: { partial: false, parallel: 16, keepDistServer: true },
  // Pages are HTML-only: there is no onRenderClient, so Vike ships no router and no page data.
  // Islands carry their own props and hydrate from +client.ts.
  passToClient: [],
  // The settings of this site's pages, which the shell (+onRenderHtml.tsx) reads; typed below.
  meta: {
    head: { env: { server: true } },
    layout: { env: { server: true } },
  },
} satisfies Config

declare global {
  namespace Vike {
    interface Config {
      /** The page's `<head>`: each page's +head.ts, made by pageHead() (site/pages/pageData.ts). */
      head?: HeadSetting
      /**
       * The frame around the page: the site's header and footer ('site', the default), the same with the
       * header over the hero until the visitor scrolls ('home'), or the admin's (renderer/AdminLayout.tsx).
       */
      layout?: 'site' | 'home' | 'admin'
    }
  }
}
