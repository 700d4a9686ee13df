import { fieldLineFinder } from './fieldLines.ts'

/**
 * Where in its file a problem is: a line, or a field as a JSON pointer ('/keyPoints/0/title') whose line
 * is looked up in the file's YAML or JSON text only when the problem is reported.
 */
export type Where = { line?: number; column?: number; field?: string }

type Problem = { file: string; message: string; where: Where }

/** Collects every content problem of a build, so an editor sees them all at once. */
export class ContentProblems {
  private readonly entries: Problem[] = []
  private readonly sources = new Map<string, string>()

  /** The YAML (front matter, from the file's first line) or JSON text of a file, for the lines of its fields. */
  keepSource(file: string, text: string) {
    this.sources.set(file, text)
  }

  add(file: string, message: string, where: Where = {}) {
    this.entries.push({ file, message, where })
  }

  /** Throws one ContentError listing every problem, if there is any. */
  async throwIfAny() {
    if (this.entries.length > 0) throw new ContentError(await this.lines())
  }

  /**
   * One line per problem, 'content/blog/x.md:12: message' ('content/site.json:3:5: …' where the column is known,
   * then the lines around it), by file in path order, then by line.
   */
  async lines(): Promise<string[]> {
    const lineOfField = await fieldLineFinder()
    const lineOf = ({ file, where: { line, field } }: Problem) => {
      if (line !== undefined || field === undefined) return line
      const source = this.sources.get(file)
      return source === undefined ? undefined : lineOfField(source, field)
    }
    return this.entries
      .map((problem) => ({ ...problem, line: lineOf(problem) }))
      .toSorted((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))
      .map(({ file, line, where: { column }, message }) => `${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${message}`)
  }
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`)
    this.name = 'ContentError'
  }
}
