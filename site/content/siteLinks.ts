import type MarkdownIt from 'markdown-it'
import type { StateBlock, Token } from 'markdown-it'
import type { ImageAsset } from './imageManifest.ts'

/**
 * A site-relative link or image as written in Markdown, with its line there. `image`: shown as an image or
 * under /images/, so it must be a file in content/images; anything else must be a page.
 */
export type Target = { url: string; image: boolean; line: number }

/** The attributes an `<img>` of a content image gets beside its alt text, in this order. */
export function imageAttributes({ src, srcSet, width, height }: ImageAsset): Record<string, string | number> {
  // Prose is at most 768 px wide (max-w-3xl) on every page that shows Markdown. An SVG has no widths.
  const widths: Record<string, string> = srcSet ? { srcSet, sizes: '(min-width: 768px) 768px, 100vw' } : {}
  return { src, ...widths, width, height, loading: 'lazy', decoding: 'async' }
}

/** A link or image address that points into this site ('/blog', not '//example.com'): it must exist. */
export const isSiteAddress = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** The content image an address names, without its query or fragment. */
const imageAt = (images: Record<string, ImageAsset>, url: string): ImageAsset | undefined => images[url.split(/[?#]/)[0]!]

/** Where a link or image starts in its block's text, and whether its address came from a `[label]: /url` definition. */
type Place = { linesBefore: number; byReference: boolean }

/** A link reference definition (`[label]: /url`) and its line in the text, where an editor fixes the address. */
type Definition = { url: string; line: number; image: boolean }

/**
 * A markdown-it plugin for the site's links and images: `md.render()`'s env gets `targets`, every
 * site-relative link and image with its line (a link by reference is counted once, at its definition), and
 * a content image ('/images/x.png') is shown as its published files, with srcset, width and height.
 * Addresses stay as written for the checks and the lookup of images; they are encoded as they are written out.
 */
export function siteLinks(md: MarkdownIt, images: Record<string, ImageAsset>) {
  const encode = md.normalizeLink.bind(md)
  md.normalizeLink = (url) => url
  const definitions = (env: SiteLinksEnv) => (env.definitions ??= [])

  // A definition keeps its line: markdown-it resolves references where they are used and forgets where they were defined.
  const reference = md.block.ruler.getRules('').find((rule) => rule.name === 'reference')!
  md.block.ruler.at('reference', (state: StateBlock, startLine, endLine, silent) => {
    const known = new Set(Object.keys(state.env.references ?? {}))
    if (!reference(state, startLine, endLine, silent)) return false
    for (const [label, { href }] of Object.entries<{ href: string }>(state.env.references ?? {}))
      if (!known.has(label)) definitions(state.env).push({ url: href, line: startLine + 1, image: false })
    return true
  })

  // A link or image knows where it starts in its block's text, so its line is exact, past code spans too.
  md.inline.State = class extends md.inline.State {
    override push(type: string, tag: string, nesting: -1 | 0 | 1): Token {
      const token = super.push(type, tag, nesting)
      if (type === 'link_open' || type === 'image') {
        // The label ends at posMax for a link; an image is pushed before its state moves, so its label is found again.
        const labelEnd = type === 'link_open' ? this.posMax : this.md.helpers.parseLinkLabel(this, this.pos + 1, false)
        const byReference = labelEnd >= 0 && this.src[labelEnd + 1] !== '('
        token.meta = { linesBefore: newlinesIn(this.src, this.pos), byReference } satisfies Place
      }
      return token
    }
  }

  md.core.ruler.push('site_links', (state) => {
    const env = state.env as SiteLinksEnv
    const targets: Target[] = []
    // A table cell has no lines of its own: its row has.
    let firstLine = 1
    for (const block of state.tokens) {
      if (block.map) firstLine = block.map[0] + 1
      if (block.type !== 'inline' || !block.children) continue
      for (const token of block.children) {
        const attribute = token.type === 'image' ? 'src' : token.type === 'link_open' ? 'href' : undefined
        if (!attribute) continue
        const url = String(token.attrGet(attribute))
        const place = token.meta as Place | null
        if (place?.byReference) {
          if (token.type === 'image') for (const definition of definitions(env)) if (definition.url === url) definition.image = true
        } else if (isSiteAddress(url))
          targets.push({ url, image: token.type === 'image' || url.startsWith('/images/'), line: firstLine + (place?.linesBefore ?? 0) })
        const asset = imageAt(images, url)
        if (asset && token.type === 'image') token.attrs = attributesOf(asset, token.attrGet('title'))
        // A plain link to a picture opens its published file (an SVG itself, a picture's largest WebP).
        else token.attrSet(attribute, asset ? asset.src : encode(url))
      }
    }
    for (const { url, line, image } of definitions(env)) if (isSiteAddress(url)) targets.push({ url, image: image || url.startsWith('/images/'), line })
    env.targets = targets.sort((a, b) => a.line - b.line)
  })
}

export type SiteLinksEnv = { targets?: Target[]; definitions?: Definition[] }

/** An image's attributes: src, alt (filled in when it is written), title, then the rest. */
function attributesOf(asset: ImageAsset, title: string | number | null): [string, string][] {
  const { src, ...rest } = imageAttributes(asset)
  const titled: [string, string][] = title === null ? [] : [['title', String(title)]]
  return [['src', String(src)], ['alt', ''], ...titled, ...Object.entries(rest).map(([name, value]): [string, string] => [name.toLowerCase(), String(value)])]
}

function newlinesIn(text: string, end: number): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++
  return count
}
