import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import { fillTokens, markdownToHtml, type Tokens } from './markdown.ts'
import { serviceSchema, type ServiceData } from './schemas.ts'
import { validate, type ContentProblems } from './validate.ts'

export type Service = ServiceData & { overviewHtml: string; file: string }

export async function loadServices(contentDir: string, tokens: Tokens, problems: ContentProblems): Promise<Service[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'services'), problems)
  const services: Service[] = []
  for (const { file, name, data, body } of files) {
    if (!validate<ServiceData>(serviceSchema, data, file, problems)) continue
    if (data.id !== name) problems.add(file, `id must equal the file name "${name}" (got "${data.id}")`)
    services.push({ ...data, file, overviewHtml: markdownToHtml(fillTokens(body, tokens, file, problems)) })
  }
  return services.sort((a, b) => a.order - b.order)
}
