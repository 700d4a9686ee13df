import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import type { ImageAsset, ImageManifest } from './imageManifest.ts'
import { markdownInWorkers, WORKER_THRESHOLD } from './markdownWorkers.ts'
import type { ContentProblems, Where } from './problems.ts'
import { remarkSiteLinks, type Target } from './remarkSiteLinks.ts'

export type Tokens = Record<string, string>

/** Markdown in a content file: its body, which starts on `line`, or a front-matter field such as '/challenge'. */
export type MarkdownSource = { file: string; text: string; line?: number; field?: string }

/** A site-relative link or image in content, checked once every route is known. */
export type Link = { url: string; image: boolean; where: Where }

export type Rendered = { html: string; links: Link[] }

/** What Markdown text renders to, with its targets' lines counted in that text; the same in a worker thread. */
export type RenderedText = { html: string; targets: Target[] }

/**
 * GitHub-flavoured Markdown doubles the cost of parsing (its autolinks look at every word), and each of
 * its constructs needs one of these: | ~ @ [^ [ ] [x] www. http:// https://. A document without any
 * renders the same without it, so it is parsed as plain CommonMark.
 */
export const gfmSyntax = /[|~@]|\[\^|\[[ xX]\]|www\.|https?:\/\//i

// The pipelines, built once per load: creating one per file costs more than parsing a short post.
// markdownWorkers.ts builds the same ones in its threads.
function markdownProcessors(images: Record<string, ImageAsset>) {
  const pipeline = (gfm: boolean) =>
    unified().use(remarkParse).use(gfm ? [remarkGfm] : []).use(remarkSiteLinks, images).use(remarkRehype).use(rehypeStringify).freeze()
  return { gfm: pipeline(true), commonMark: pipeline(false) }
}

function renderText(processors: ReturnType<typeof markdownProcessors>, text: string): RenderedText {
  const file = (gfmSyntax.test(text) ? processors.gfm : processors.commonMark).processSync(text)
  return { html: String(file), targets: file.data.targets ?? [] }
}

/**
 * The Markdown of one load: `{{tokens}}` filled in, GitHub-flavoured Markdown (tables, strikethrough, task
 * lists), content images published as WebP, and every site-relative link and image kept with its line.
 */
export function markdownRenderer(tokens: Tokens, manifest: ImageManifest, problems: ContentProblems) {
  const images = Object.fromEntries(manifest.refs().map((ref) => [ref, manifest.get(ref)!]))
  const processors = markdownProcessors(images)
  const fill = (source: MarkdownSource) => fillTokens(source, tokens, problems)
  return {
    render(source: MarkdownSource): Rendered {
      return located(source, renderText(processors, fill(source)))
    },
    /** Many documents, one promise each, in order: in worker threads when there are enough to be worth it. */
    renderEach(sources: MarkdownSource[]): Promise<Rendered>[] {
      const texts = sources.map(fill)
      const rendered =
        texts.length < WORKER_THRESHOLD
          ? texts.map(async (text) => renderText(processors, text))
          : markdownInWorkers(texts, { images, gfmSyntax: gfmSyntax.source })
      return rendered.map((result, index) => result.then((text) => located(sources[index]!, text)))
    },
  }
}

export type MarkdownRenderer = ReturnType<typeof markdownRenderer>

/** Line 3 of a body that starts on line 8 is line 10 of the file; Markdown in a front-matter field is at that field. */
function whereIn(source: MarkdownSource, line: number): Where {
  return source.field !== undefined ? { field: source.field } : { line: (source.line ?? 1) + line - 1 }
}

function located(source: MarkdownSource, { html, targets }: RenderedText): Rendered {
  return { html, links: targets.map(({ url, image, line }) => ({ url, image, where: whereIn(source, line) })) }
}

/** Replaces `{{group.key}}` tokens, so figures such as the analysis length live in one JSON file. */
function fillTokens(source: MarkdownSource, tokens: Tokens, problems: ContentProblems): string {
  return source.text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string, offset: number) => {
    const value = tokens[name]
    if (value !== undefined) return value
    problems.add(source.file, `unknown token {{${name}}}`, whereIn(source, source.text.slice(0, offset).split('\n').length))
    return match
  })
}
