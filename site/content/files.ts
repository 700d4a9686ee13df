import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import yaml from 'js-yaml'
import { jsonMistake, mistakeText, type Mistake, yamlMistake } from '../../contract/content/editorMessages.ts'
import type { ContentProblems } from '../../contract/content/problems.ts'

export type MarkdownFile = {
  file: string
  name: string
  /** The front matter; undefined when it is not valid YAML (reported once, and the file is left out). */
  data: Record<string, unknown> | undefined
  body: string
  /** The line of the file on which the body starts, for problems found in the body. */
  bodyLine: number
}

/** How a file is named in build errors: relative to where the build runs, e.g. 'content/blog/foo.md'. */
export const displayPath = (file: string) => path.relative(process.cwd(), file) || file

/**
 * The Markdown files of `dir`, in name order, each with its front matter parsed. Read synchronously: a
 * blog of 1,000 articles takes ~15 ms so, and ~150 ms through the promise API (a thread-pool round trip per
 * file, and four calls each: open, stat, read, close).
 */
export async function readMarkdownDir(dir: string, problems: ContentProblems): Promise<MarkdownFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  return names.map((name) => {
    const file = displayPath(path.join(dir, name))
    const source = readFileSync(path.join(dir, name), 'utf8')
    try {
      const parsed = matter(source, { engines: { yaml: parseYaml } })
      // gray-matter's front matter text starts after the opening '---', on the file's first line. A file without
      // front matter (an empty one, read while an editor writes it) has none: its problems carry no field line.
      if (typeof parsed.matter === 'string') problems.keepSource(file, parsed.matter)
      const bodyLine = source.slice(0, source.length - parsed.content.length).split('\n').length
      return { file, name: name.slice(0, -3), data: parsed.data, body: parsed.content, bodyLine }
    } catch (error) {
      addMistake(problems, file, yamlMistake(error, source))
      return { file, name: name.slice(0, -3), data: undefined, body: '', bodyLine: 1 }
    }
  })
}

/** The parsed file, or undefined when it is missing or not valid JSON (reported once, with its line). */
export async function readJson(file: string, problems: ContentProblems): Promise<unknown> {
  const name = displayPath(file)
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch {
    problems.add(name, 'is missing')
    return undefined
  }
  problems.keepSource(name, text)
  try {
    return JSON.parse(text)
  } catch (error) {
    addMistake(problems, name, jsonMistake(error, text))
    return undefined
  }
}

/** A file that cannot be read: one problem at its line and column, the lines around it below. */
function addMistake(problems: ContentProblems, file: string, mistake: Mistake) {
  problems.add(file, mistakeText(mistake), { line: mistake.line, column: mistake.column })
}

// The core schema keeps `date: 2025-05-20` as the text the schema checks: YAML's own timestamps would
// turn an impossible 2025-13-45 into a real date in 2026 without a word.
function parseYaml(source: string): Record<string, unknown> {
  return (yaml.load(source, { schema: yaml.CORE_SCHEMA }) ?? {}) as Record<string, unknown>
}
