import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import { fillTokens, markdownToHtml, type Tokens } from './markdown.ts'
import { caseStudySchema, type CaseStudyData } from './schemas.ts'
import { validate, type ContentProblems } from './validate.ts'

export type CaseStudy = CaseStudyData & { challengeHtml: string; solutionHtml: string; file: string }

export async function loadCaseStudies(contentDir: string, tokens: Tokens, problems: ContentProblems): Promise<CaseStudy[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'case-studies'), problems)
  const cases: CaseStudy[] = []
  for (const { file, name, data } of files) {
    if (!validate<CaseStudyData>(caseStudySchema, data, file, problems)) continue
    if (data.id !== name) problems.add(file, `id must equal the file name "${name}" (got "${data.id}")`)
    const html = (markdown: string) => markdownToHtml(fillTokens(markdown, tokens, file, problems))
    cases.push({ ...data, file, challengeHtml: html(data.challenge), solutionHtml: html(data.solution) })
  }
  return cases.sort((a, b) => a.order - b.order)
}

/** Old case-study ids (e.g. smart-support-ai) that must keep working as permanent redirects. */
export function caseStudyRedirects(cases: CaseStudy[]): { from: string; to: string }[] {
  return cases.flatMap((study) =>
    (study.redirectFrom ?? []).map((oldId) => ({ from: `/case-study/${oldId}`, to: `/case-study/${study.id}` })),
  )
}
