import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { caseStudySchema, type CaseStudyData } from './schemas.ts'
import { validate } from './validate.ts'

export type CaseStudy = CaseStudyData & { challengeHtml: string; solutionHtml: string; file: string; links: Link[] }

export async function loadCaseStudies(contentDir: string, markdown: MarkdownRenderer, problems: ContentProblems): Promise<CaseStudy[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'case-studies'), problems)
  const cases: CaseStudy[] = []
  for (const { file, name, data } of files) {
    if (!data || !validate<CaseStudyData>(caseStudySchema, data, file, problems)) continue
    if (data.id !== name) problems.add(file, `id must equal the file name "${name}" (got "${data.id}")`, { field: '/id' })
    // Markdown in front matter: its problems are reported at the field's line.
    const challenge = markdown.render({ file, text: data.challenge, field: '/challenge' })
    const solution = markdown.render({ file, text: data.solution, field: '/solution' })
    cases.push({ ...data, file, challengeHtml: challenge.html, solutionHtml: solution.html, links: [...challenge.links, ...solution.links] })
  }
  return cases.sort((a, b) => a.order - b.order)
}

/** Old case-study ids (e.g. smart-support-ai) that must keep working as permanent redirects. */
export function caseStudyRedirects(cases: CaseStudy[]): { from: string; to: string }[] {
  return cases.flatMap((study) => (study.redirectFrom ?? []).map((oldId) => ({ from: `/case-study/${oldId}`, to: `/case-study/${study.id}` })))
}
