import type MarkdownIt from 'markdown-it'
import type { Token } from 'markdown-it'
import type { ImageAsset } from './imageManifest.ts'
import { imageAt, imageAttributes, isSiteAddress, type Target } from './remarkSiteLinks.ts'

/** Where a link or image starts in its block's text, in lines after the block's first (set as it is parsed). */
type Place = { linesBefore: number }

/**
 * Markdown that remark would read as plain CommonMark, rendered by markdown-it: the same elements
 * (tests/content/markdown.test.ts renders documents both ways and compares them), in a fourteenth of the
 * time (a 900-word article: 0.2 ms against 2.9 ms). A blog of 1,000 articles spent ~3 CPU-s of its build
 * in remark. It does what remarkSiteLinks.ts does to remark's tree: every site-relative link and image is
 * kept with its line, and a content image is shown as its published files.
 *
 * One difference, on purpose: markdown-it makes no link of a script address (`[x](javascript:…)`), which
 * remark writes as it is.
 *
 * Only for documents without link reference definitions (`[x]: /url`), which is markdown.ts's to check:
 * markdown-it resolves a reference where it is used, so the definition's line, where an editor fixes the
 * address, would be lost.
 */
export function commonMarkRenderer(markdownIt: typeof MarkdownIt, images: Record<string, ImageAsset>) {
  // CommonMark, as remark-parse reads it. Raw HTML is parsed as CommonMark says and then dropped, as
  // remark-rehype drops it; `<br>`, not `<br />`, as rehype-stringify writes.
  const md = markdownIt('commonmark', { xhtmlOut: false })
  md.renderer.rules.html_block = () => ''
  md.renderer.rules.html_inline = () => ''
  // Addresses stay as written, for the checks and the lookup of images; they are encoded as they are written out.
  const encode = md.normalizeLink.bind(md)
  md.normalizeLink = (url) => url
  // A link or image knows where it starts in its block's text, so its line is exact, past code spans too.
  md.inline.State = class extends md.inline.State {
    override push(type: string, tag: string, nesting: -1 | 0 | 1): Token {
      const token = super.push(type, tag, nesting)
      if (type === 'link_open' || type === 'image') token.meta = { linesBefore: newlinesIn(this.src, this.pos) } satisfies Place
      return token
    }
  }

  return (text: string): { html: string; targets: Target[] } => {
    const tokens = md.parse(text, {})
    const targets: Target[] = []
    for (const block of tokens) {
      if (block.type !== 'inline' || !block.children) continue
      const firstLine = (block.map?.[0] ?? 0) + 1
      for (const token of block.children) {
        const attribute = token.type === 'image' ? 'src' : token.type === 'link_open' ? 'href' : undefined
        if (!attribute) continue
        const url = String(token.attrGet(attribute))
        if (isSiteAddress(url))
          targets.push({ url, image: token.type === 'image' || url.startsWith('/images/'), line: firstLine + ((token.meta as Place | null)?.linesBefore ?? 0) })
        const asset = imageAt(images, url)
        if (asset && token.type === 'image') token.attrs = attributesOf(asset, token.attrGet('title'))
        // A plain link to a picture opens its published file (an SVG itself, a picture's largest WebP).
        else token.attrSet(attribute, asset ? asset.src : encode(url))
      }
    }
    return { html: md.renderer.render(tokens, md.options, {}), targets }
  }
}

/** An image's attributes in the order remark writes them (src, alt, title, then the rest); alt is filled in when it is written. */
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
