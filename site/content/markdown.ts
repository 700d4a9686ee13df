import { placeholderPattern } from '../../contract/placeholders.ts'
import { createHash } from 'node:crypto'
import type { ImageAsset, ImageManifest } from './imageManifest.ts'
import type { ContentProblems, Where } from '../../contract/problems.ts'
import { commonMarkRenderer } from './commonMark.ts'
import { remarkSiteLinks, type Target } from './remarkSiteLinks.ts'

export type Tokens = Record<string, string>

/** Markdown in a content file: its body, which starts on `line`, or a front-matter field such as '/challenge'. */
export type MarkdownSource = { file: string; text: string; line?: number; field?: string }

/** A site-relative link or image in content, checked once every route is known. */
export type Link = { url: string; image: boolean; where: Where }

export type Rendered = { html: string; links: Link[] }

/** What Markdown text renders to, with its targets' lines counted in that text. */
export type RenderedText = { html: string; targets: Target[] }

/**
 * Each GitHub-flavoured construct needs one of these: | ~ @ [^ [ ] [x] www. http:// https://. A document
 * without any, and without link reference definitions (`[x]: /url`, which remark's tree keeps apart, see
 * commonMark.ts), is plain CommonMark: markdown-it renders it into the same elements, many times faster.
 * remark renders the rest.
 */
export const gfmSyntax = /[|~@]|\[\^|\[[ xX]\]|www\.|https?:\/\//i
const referenceDefinition = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:/m

// The renderers, made once per load: making one per file costs more than rendering a short post. Their
// packages are loaded with the content, not with the build's config, which Vite loads before it starts; remark's
// (about 200 modules, 0.13 s on node 24) only with the first document that needs them, and none of the site's
// documents does today.
async function markdownRenderers(images: Record<string, ImageAsset>) {
  const { default: markdownIt } = await import('markdown-it')
  const commonMark = commonMarkRenderer(markdownIt, images)
  let gfm: ReturnType<typeof remark> | undefined
  return async (text: string): Promise<RenderedText> => {
    if (!gfmSyntax.test(text) && !referenceDefinition.test(text)) return commonMark(text)
    gfm ??= remark(images)
    const file = (await gfm).processSync(text)
    return { html: String(file), targets: file.data.targets ?? [] }
  }
}

/** remark's pipeline for GitHub-flavoured Markdown, with the site's links and images (remarkSiteLinks.ts). */
export async function remark(images: Record<string, ImageAsset>) {
  const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkRehype }, { default: rehypeStringify }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('remark-rehype'),
    import('rehype-stringify'),
  ])
  return unified().use(remarkParse).use(remarkGfm).use(remarkSiteLinks, images).use(remarkRehype).use(rehypeStringify).freeze()
}

/**
 * Rendered Markdown kept between builds (site/builder/markdownCache.ts), by a key that covers everything the
 * HTML depends on: the text with its tokens filled in, the published images and the version below.
 */
export type MarkdownCache = { get(key: string): RenderedText | undefined; set(key: string, rendered: RenderedText): void }

/** Part of every cache key: change it whenever the pipeline above renders differently. */
const PIPELINE_VERSION = 'remark-gfm-markdown-it-site-links-v2'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The Markdown of one load: `{{tokens}}` filled in, GitHub-flavoured Markdown (tables, strikethrough, task
 * lists), content images published as WebP, and every site-relative link and image kept with its line.
 */
export async function markdownRenderer(tokens: Tokens, manifest: ImageManifest, problems: ContentProblems, cache?: MarkdownCache) {
  const images = Object.fromEntries(manifest.refs().map((ref) => [ref, manifest.get(ref)!]))
  // An image's URLs carry its content hash, so a changed picture changes this and every key with it.
  const keyPrefix = `${PIPELINE_VERSION}\n${sha256(JSON.stringify(images))}\n`
  const renderText = await markdownRenderers(images)
  return {
    async render(source: MarkdownSource): Promise<Rendered> {
      const text = fillTokens(source, tokens, problems)
      if (!cache) return located(source, await renderText(text))
      const key = sha256(keyPrefix + text)
      let rendered = cache.get(key)
      if (!rendered) {
        rendered = await renderText(text)
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
