import type { GlobalContext } from 'vike/types'
import type { SiteContent } from './index.ts'
import type { BuiltContent } from '../../builder/contentModule.ts'

declare global {
  namespace Vike {
    interface GlobalContextServer {
      /** Set by renderer/+onCreateGlobalContext.server.ts; read it with siteContent(). */
      builtContent: BuiltContent
    }
  }
}

/**
 * The content the pages render, from Vike's globalContext:
 *
 *     const content = siteContent(pageContext.globalContext)      // +data.ts
 *     const { posts } = siteContent(await getGlobalContext())     // +onBeforePrerenderStart.ts
 *
 * When the build found mistakes, the first page to ask stops it with the editor's lines.
 */
export function siteContent(globalContext: GlobalContext): SiteContent {
  if (globalContext.isClientSide) throw new Error('The site content exists only on the server')
  const { builtContent } = globalContext
  if (builtContent.stop !== undefined) throw new BuildStopped(builtContent.stop)
  return builtContent.content
}

/** Its message is what the editor reads; Vike prints only the message of an error with `hideStack` (its logErrorServer()). */
export class BuildStopped extends Error {
  override name = 'BuildStopped'
  readonly hideStack = true
}
