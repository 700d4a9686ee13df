import { getGlobalContext } from 'vike/server'
import { addressesOf, type CollectionName } from '../content/collections'
import { siteContent } from '../content/siteContent'

/**
 * The +onBeforePrerenderStart hook of a collection's page (collections.ts): the address of each entry, and
 * its earlier addresses, prerendered as redirect documents.
 */
export const prerenderCollection = (name: CollectionName) => async () => addressesOf(name, siteContent(await getGlobalContext())[name], true)
