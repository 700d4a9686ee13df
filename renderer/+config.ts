import type { Config } from 'vike/types'

export default {
  // Every route is written to a static HTML file; dist/ needs no server code.
  // Rendering is synchronous; the concurrency only overlaps each page's file writes with the next render.
  // The server code is kept: the next build renders the pages a content change touches with it
  // (site/builder/incrementalBuild.ts); it is never published.
  prerender: { partial: false, parallel: 16, keepDistServer: true },
  // Pages are HTML-only: there is no onRenderClient, so Vike ships no router and no page data.
  // Islands carry their own props and hydrate from +client.ts.
  passToClient: [],
} satisfies Config
