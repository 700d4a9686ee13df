import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { legalPageSchema, type LegalPageData } from './schemas.ts'
import { validate } from './validate.ts'

export type LegalPage = LegalPageData & { slug: string; html: string; file: string; links: Link[] }

// 'content/legal/privacy-policy.md' -> '/privacy-policy'; index.ts refuses a name another page has.
export async function loadLegalPages(contentDir: string, markdown: MarkdownRenderer, problems: ContentProblems): Promise<LegalPage[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'legal'), problems)
  const pages: LegalPage[] = []
  for (const { file, name, data, body, bodyLine } of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.add(file, 'file name must be a lowercase slug, e.g. privacy-policy.md')
    if (!data || !validate<LegalPageData>(legalPageSchema, data, file, problems)) continue
    pages.push({ ...data, slug: name, file, ...markdown.render({ file, text: body, line: bodyLine }) })
  }
  return pages
}
