import type { GlobalContextServer } from 'vike/types'
import { built } from 'virtual:site-content'

// The content site/build checked while Vite bundled this code; the pages read it with siteContent().
export function onCreateGlobalContext(globalContext: GlobalContextServer) {
  globalContext.builtContent = built
}
