import fs from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import yaml from 'js-yaml'
import type { ContentProblems } from './validate.ts'

export type MarkdownFile = { file: string; name: string; data: Record<string, unknown>; body: string }

/** How a file is named in build errors: relative to where the build runs, e.g. 'content/blog/foo.md'. */
export const displayPath = (file: string) => path.relative(process.cwd(), file) || file

export async function readMarkdownDir(dir: string, problems: ContentProblems): Promise<MarkdownFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  return Promise.all(
    names.map(async (name) => {
      const file = displayPath(path.join(dir, name))
      const source = await fs.readFile(path.join(dir, name), 'utf8')
      try {
        const { data, content } = matter(source, { engines: { yaml: parseYaml } })
        return { file, name: name.slice(0, -3), data, body: content }
      } catch (error) {
        problems.add(file, `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`)
        return { file, name: name.slice(0, -3), data: {}, body: '' }
      }
    }),
  )
}

export async function readJson(file: string, problems: ContentProblems): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'))
  } catch (error) {
    problems.add(displayPath(file), `is not valid JSON: ${(error as Error).message}`)
    return undefined
  }
}

// The core schema keeps `date: 2025-05-20` as the text the schema checks: YAML's own timestamps would
// turn an impossible 2025-13-45 into a real date in 2026 without a word.
function parseYaml(source: string): Record<string, unknown> {
  return (yaml.load(source, { schema: yaml.CORE_SCHEMA }) ?? {}) as Record<string, unknown>
}
