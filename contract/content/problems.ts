import path from 'node:path'
import { fieldLineFinder } from './fieldLines.js'

// How content problems are reported, by the site's build (every file of content/) and by the forms
// service's start (the email templates and the files they use): all of them at once, one line each.

/**
 * Where in its file a problem is: a line, or a field as a JSON pointer ('/keyPoints/0/title') whose line
 * is looked up in the file's YAML or JSON text only when the problem is reported.
 */
export type Where = { line?: number; column?: number; field?: string }

type Problem = { file: string; message: string; where: Where }

/**
 * Collects every content problem, so an editor sees them all at once. Files are named as given, or
 * from `root` when there is one ('/srv/app/content/emails/x.md' -> 'content/emails/x.md', whatever the
 * working directory).
 */
export class ContentProblems {
  private readonly entries: Problem[] = []
  private readonly sources = new Map<string, string>()

  constructor(private readonly root?: string) {}

  /** How problems name `file`. */
  name(file: string): string {
    return this.root === undefined ? file : path.relative(this.root, file)
  }

  /** The YAML (front matter, from the file's first line) or JSON text of a file, for the lines of its fields. */
  keepSource(file: string, text: string) {
    this.sources.set(this.name(file), text)
  }

  add(file: string, message: string, where: Where = {}) {
    this.entries.push({ file: this.name(file), message, where })
  }

  get count(): number {
    return this.entries.length
  }

  /** Throws one ContentError listing every problem, if there is any. */
  async throwIfAny() {
    if (this.entries.length > 0) throw new ContentError(await this.lines())
  }

  /**
   * One line per problem, 'content/blog/x.md:12: message' ('content/site.json:3:5: …' where the column is
   * known, then the lines around it), by file in path order, then by line (else in the order found).
   */
  async lines(): Promise<string[]> {
    const placed = (problem: Problem) => problem.where.line === undefined && problem.where.field !== undefined && this.sources.has(problem.file)
    // The YAML parser that keeps positions is loaded only when a field's line is to be found.
    const lineOfField = this.entries.some(placed) ? await fieldLineFinder() : undefined
    const lineOf = (problem: Problem) =>
      placed(problem) && lineOfField ? lineOfField(this.sources.get(problem.file)!, problem.where.field!) : problem.where.line
    return this.entries
      .map((problem) => ({ ...problem, line: lineOf(problem) }))
      .toSorted((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))
      .map(({ file, line, where: { column }, message }) => `${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${message}`)
  }
}

/** The content's problems, one line each: what the build prints and stops on. */
export class ContentError extends Error {
  constructor(
    readonly problems: string[],
    message = `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`,
  ) {
    super(message)
    this.name = 'ContentError'
  }
}

/** The email templates' problems, one line each: what the forms service stops on when it starts. */
export class EmailContentError extends ContentError {
  constructor(problems: string[]) {
    super(problems, problems.join('\n'))
    this.name = 'EmailContentError'
  }
}
