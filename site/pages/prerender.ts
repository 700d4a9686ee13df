import { getGlobalContext } from 'vike/server'
import { addressesOf, type CollectionName } from '../content/collections'
import type { SiteContent } from '../content'
import { siteContent } from '../content/siteContent'

/**
 * The +onBeforePrerenderStart hook of a collection's page (collections.ts): the address of each entry, and
 * its earlier addresses, prerendered as redirect documents.
 */
export const prerenderCollection = (name: CollectionName) => async () => addressesOf(name, siteContent(await getGlobalContext())[name], true)

/**
 * The data of an earlier address of an entry (`redirectFrom`), which renderer/+onRenderHtml.tsx renders as a
 * redirect document; undefined for any other address. A collection's +data.ts asks this first.
 */
export function redirectData(content: SiteContent, path: string) {
  const redirect = content.redirects.find((candidate) => candidate.from === path)
  return redirect && { redirectTo: redirect.to }
}
