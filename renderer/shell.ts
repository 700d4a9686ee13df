import type { SiteContent } from '../site/content'
import { layoutData } from './layoutData'

/**
 * What every page's HTML takes from the content besides the page's own data: the header, footer and
 * widgets, and what the head and the redirect documents name. onRenderHtml reads the content through this
 * only, so that a page whose data and shell are unchanged is known to be unchanged: the incremental build
 * (builder/incrementalBuild.ts) leaves it as it is.
 */
export function shellOf(content: SiteContent) {
  const { site, images, ui } = content
  return { layout: layoutData(content), site, images, ui: { redirect: ui.redirect } }
}

export type Shell = ReturnType<typeof shellOf>
