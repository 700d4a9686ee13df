import type { Config } from 'vike/types'

export default {
  // Every route is written to a static HTML file; dist/ needs no server code.
  prerender: { partial: false },
  // Pages are HTML-only: there is no onRenderClient, so Vike ships no router and no page data.
  // Islands carry their own props and hydrate from +client.ts.
  passToClient: [],
} satisfies Config
