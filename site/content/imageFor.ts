import type { SiteContent } from '.'
import type { ImageAsset } from './imageManifest.ts'

/** The optimised image for a content ref; refs were checked when content loaded. */
export function imageFor(content: SiteContent, ref: string): ImageAsset {
  const image = content.images.get(ref)
  if (!image) throw new Error(`No image ${ref} in content/images`)
  return image
}
