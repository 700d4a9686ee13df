import type { SiteContent } from '.'
import { collectionList } from './collections.ts'
import type { ImageAsset } from './imageManifest.ts'

/** The optimised image for a content ref; refs were checked when content loaded. */
export function imageFor(content: SiteContent, ref: string): ImageAsset {
  const image = content.images.get(ref)
  if (!image) throw new Error(`No image ${ref} in content/images`)
  return image
}

/** The card of a page that names no image of its own (renderer/head.ts). */
export const defaultCardImage = '/images/og-default.svg'

/**
 * The images some page is shared with: the default and each collection entry's `card`, sorted. Only these get a
 * card drawn (imageManifest.ts): a gallery or feature picture is never a page's og:image, and drawing the cards of
 * every SVG was most of a cold build's image time.
 */
export function cardImages(content: SiteContent): string[] {
  const named = collectionList.flatMap(([name, collection]) => content[name].map((entry) => collection.card?.(entry)))
  return [...new Set([defaultCardImage, ...named])].filter((ref): ref is string => ref !== undefined && content.images.has(ref)).sort()
}
