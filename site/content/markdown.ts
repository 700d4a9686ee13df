import rehypeStringify from 'rehype-stringify'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { markdownToHtmlInWorkers, WORKER_THRESHOLD } from './markdownWorkers.ts'
import type { ContentProblems } from './validate.ts'

// One frozen processor for the whole build: creating it per file costs more than parsing a short post.
const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify).freeze()

export type Tokens = Record<string, string>

/** Replaces `{{group.key}}` tokens, so figures such as the analysis length live in one JSON file. */
export function fillTokens(text: string, tokens: Tokens, file: string, problems: ContentProblems): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = tokens[name]
    if (value === undefined) {
      problems.add(file, `unknown token {{${name}}}`)
      return match
    }
    return value
  })
}

export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown))
}

/**
 * Many documents at once, one promise of HTML per document, in order: in worker threads when there are
 * enough to be worth it, delivered as they are done.
 */
export function markdownToHtmlEach(sources: string[]): Promise<string>[] {
  if (sources.length < WORKER_THRESHOLD) return sources.map((source) => Promise.resolve(markdownToHtml(source)))
  return markdownToHtmlInWorkers(sources)
}

/** Site-relative targets of links and images in rendered HTML, e.g. '/blog/automation-workflows'. */
export function internalTargets(html: string): string[] {
  const targets: string[] = []
  for (const match of html.matchAll(/(?:href|src)="(\/[^"]*)"/g)) targets.push(match[1]!)
  return targets
}

/** Words in Markdown, for the read-time sanity check and the benchmark's synthetic posts. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter(Boolean).length
}
