import type { Nodes, Root } from 'mdast'
import type { VFile } from 'vfile'
import type { ImageAsset } from './imageManifest.ts'

/**
 * A site-relative link or image as written in Markdown, with its line there. `image`: shown as an image or
 * under /images/, so it must be a file in content/images; anything else must be a page.
 */
export type Target = { url: string; image: boolean; line: number }

declare module 'vfile' {
  interface DataMap {
    targets: Target[]
  }
}

/** The attributes an `<img>` of a content image gets beside its alt text, in this order. */
export function imageAttributes({ src, srcSet, width, height }: ImageAsset): Record<string, string | number> {
  // Prose is at most 768 px wide (max-w-3xl) on every page that shows Markdown. An SVG has no widths.
  const widths: Record<string, string> = srcSet ? { srcSet, sizes: '(min-width: 768px) 768px, 100vw' } : {}
  return { src, ...widths, width, height, loading: 'lazy', decoding: 'async' }
}

/** A link or image address that points into this site ('/blog', not '//example.com'): it must exist. */
export const isSiteAddress = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** The content image an address names, without its query or fragment. */
export const imageAt = (images: Record<string, ImageAsset>, url: string): ImageAsset | undefined => images[url.split(/[?#]/)[0]!]

/**
 * A remark plugin: lists every site-relative link and image with its line (in `file.data.targets`), and
 * points every content image ('/images/x.png') at its published WebP versions, with srcset, width and
 * height where it is shown. commonMark.ts does the same for the documents markdown-it renders.
 */
export function remarkSiteLinks(images: Record<string, ImageAsset>) {
  return (tree: Root, file: VFile) => {
    const nodes: Nodes[] = []
    const walk = (node: Nodes) => {
      nodes.push(node)
      if ('children' in node) node.children.forEach(walk)
    }
    walk(tree)
    // ![alt][ref] takes its address from a `[ref]: /images/x.png` definition elsewhere in the file.
    const definitions = new Map(nodes.flatMap((node) => (node.type === 'definition' ? [[node.identifier, node.url] as const] : [])))
    const shownAsImage = new Set(nodes.flatMap((node) => (node.type === 'imageReference' ? [node.identifier] : [])))

    const targets: Target[] = []
    for (const node of nodes) {
      if (node.type === 'image' || node.type === 'imageReference') {
        const asset = imageAt(images, node.type === 'image' ? node.url : (definitions.get(node.identifier) ?? ''))
        if (asset) node.data = { ...node.data, hProperties: imageAttributes(asset) }
      }
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') continue
      if (!isSiteAddress(node.url)) continue
      const image = node.type === 'image' || (node.type === 'definition' && shownAsImage.has(node.identifier)) || node.url.startsWith('/images/')
      targets.push({ url: node.url, image, line: node.position?.start.line ?? 1 })
      // A plain link to a picture opens its published file (an SVG itself, a picture's largest WebP).
      const asset = imageAt(images, node.url)
      if (asset && node.type !== 'image') node.url = asset.src
    }
    file.data.targets = targets
  }
}
