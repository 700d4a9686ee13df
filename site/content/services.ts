import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { serviceSchema, type ServiceData } from './schemas.ts'
import { validate } from './validate.ts'

export type Service = ServiceData & { overviewHtml: string; file: string; links: Link[] }

export async function loadServices(contentDir: string, markdown: MarkdownRenderer, problems: ContentProblems): Promise<Service[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'services'), problems)
  const services: Service[] = []
  for (const { file, name, data, body, bodyLine } of files) {
    if (!data || !validate<ServiceData>(serviceSchema, data, file, problems)) continue
    if (data.id !== name) problems.add(file, `id must equal the file name "${name}" (got "${data.id}")`, { field: '/id' })
    const { html, links } = markdown.render({ file, text: body, line: bodyLine })
    services.push({ ...data, file, overviewHtml: html, links })
  }
  return services.sort((a, b) => a.order - b.order)
}
