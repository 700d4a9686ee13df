import type { GlobalContextServer } from 'vike/types'
import { built } from 'virtual:site-content'

// The content builder/siteBuild.ts checked while Vite bundled this code (in `npm run dev`, the newest
// without mistakes: builder/devContent.ts); the pages read it with siteContent().
export function onCreateGlobalContext(globalContext: GlobalContextServer) {
  globalContext.builtContent = built
}
