import { placeholderPattern } from '../../contract/content/placeholders.ts'
import { createHash } from 'node:crypto'
import type { ImageAsset, ImageManifest } from './imageManifest.ts'
import type { ContentProblems, Where } from '../../contract/content/problems.ts'
import { siteLinks, type SiteLinksEnv, type Target } from './siteLinks.ts'

export type Tokens = Record<string, string>

/** Markdown in a content file: its body, which starts on `line`, or a front-matter field such as '/challenge'. */
export type MarkdownSource = { file: string; text: string; line?: number; field?: string }

/** A site-relative link or image in content, checked once every route is known. */
export type Link = { url: string; image: boolean; where: Where }

export type Rendered = { html: string; links: Link[] }

/** What Markdown text renders to, with its targets' lines counted in that text. */
export type RenderedText = { html: string; targets: Target[] }

/**
 * The site's Markdown: CommonMark, with GitHub's tables, strikethrough, task lists, footnotes and bare
 * `https://` addresses, by markdown-it (20 times remark's speed: 0.3 against 5.5 CPU-s for 1,000 articles
 * of 900 words). Raw HTML is dropped, so an editor cannot break a page's markup or scripts. Made once per
 * load: making one per file costs more than rendering a short post; loaded with the content, not with the
 * build's config, which Vite loads before it starts.
 */
async function markdownIt(images: Record<string, ImageAsset>) {
  const [{ default: markdownIt }, { default: footnotes }, { tasklist }] = await Promise.all([
    import('markdown-it'),
    import('markdown-it-footnote'),
    import('@mdit/plugin-tasklist'),
  ])
  const md = markdownIt('commonmark', { xhtmlOut: false, linkify: true }).enable(['table', 'strikethrough', 'linkify'])
  // Only addresses written with their scheme become links: a fuzzy `Node.js` or `example.ai` in prose stays text.
  md.linkify.set({ fuzzyLink: false })
  md.renderer.rules.html_block = () => ''
  md.renderer.rules.html_inline = () => ''
  md.use(footnotes).use(tasklist, { label: false }).use(siteLinks, images)
  return (text: string): RenderedText => {
    const env: SiteLinksEnv = {}
    const html = md.render(text, env)
    return { html, targets: env.targets ?? [] }
  }
}

/**
 * Rendered Markdown kept between builds (builder/markdownCache.ts), by a key that covers everything the
 * HTML depends on: the text with its tokens filled in, the published images and the version below.
 */
export type MarkdownCache = { get(key: string): RenderedText | undefined; set(key: string, rendered: RenderedText): void }

/** Part of every cache key: change it whenever the pipeline above renders differently. */
const PIPELINE_VERSION = 'markdown-it-gfm-footnotes-tasks-site-links-v3'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The Markdown of one load: `{{tokens}}` filled in, GitHub-flavoured Markdown (tables, strikethrough, task
 * lists, footnotes), content images published as WebP, and every site-relative link and image kept with its line.
 */
export async function markdownRenderer(tokens: Tokens, manifest: ImageManifest, problems: ContentProblems, cache?: MarkdownCache) {
  const images = Object.fromEntries(manifest.refs().map((ref) => [ref, manifest.get(ref)!]))
  // An image's URLs carry its content hash, so a changed picture changes this and every key with it.
  const keyPrefix = `${PIPELINE_VERSION}\n${sha256(JSON.stringify(images))}\n`
  const renderText = await markdownIt(images)
  return {
    async render(source: MarkdownSource): Promise<Rendered> {
      const text = fillTokens(source, tokens, problems)
      if (!cache) return located(source, renderText(text))
      const key = sha256(keyPrefix + text)
      let rendered = cache.get(key)
      if (!rendered) {
        rendered = renderText(text)
        cache.set(key, rendered)
      }
      return located(source, rendered)
    },
  }
}

export type MarkdownRenderer = Awaited<ReturnType<typeof markdownRenderer>>

/** Line 3 of a body that starts on line 8 is line 10 of the file; Markdown in a front-matter field is at that field. */
function whereIn(source: MarkdownSource, line: number): Where {
  return source.field !== undefined ? { field: source.field } : { line: (source.line ?? 1) + line - 1 }
}

function located(source: MarkdownSource, { html, targets }: RenderedText): Rendered {
  return { html, links: targets.map(({ url, image, line }) => ({ url, image, where: whereIn(source, line) })) }
}

/** Replaces `{{group.key}}` tokens, so figures such as the analysis length live in one JSON file. */
function fillTokens(source: MarkdownSource, tokens: Tokens, problems: ContentProblems): string {
  return source.text.replace(placeholderPattern, (match, name: string, offset: number) => {
    const value = tokens[name]
    if (value !== undefined) return value
    problems.add(source.file, `unknown token {{${name}}}`, whereIn(source, source.text.slice(0, offset).split('\n').length))
    return match
  })
}
