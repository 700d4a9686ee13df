import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import { fillTokens, markdownToHtml, type Tokens } from './markdown.ts'
import { legalPageSchema, type LegalPageData } from './schemas.ts'
import { validate, type ContentProblems } from './validate.ts'

export type LegalPage = LegalPageData & { slug: string; html: string; file: string }

export async function loadLegalPages(contentDir: string, tokens: Tokens, problems: ContentProblems): Promise<LegalPage[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'legal'), problems)
  const pages: LegalPage[] = []
  for (const { file, name, data, body } of files) {
    if (!validate<LegalPageData>(legalPageSchema, data, file, problems)) continue
    pages.push({ ...data, slug: name, file, html: markdownToHtml(fillTokens(body, tokens, file, problems)) })
  }
  return pages
}
