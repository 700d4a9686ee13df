import path from 'node:path'
import type { ErrorObject } from 'ajv'

/** Every problem of the email content, one line each: 'content/emails/x.md: subject is required'. */
export class EmailContentError extends Error {
  override name = 'EmailContentError'
  constructor(readonly problems: string[]) {
    super(problems.join('\n'))
  }
}

/** Where in its file: lines and columns count from 1. */
export type At = { line?: number; column?: number }

/** Collects every problem, so an editor sees them all at once; files are named from the repository root. */
export class Problems {
  private readonly entries: { file: string; message: string; at: At }[] = []
  constructor(private readonly root: string) {}
  /** '/srv/app/content/emails/x.md' -> 'content/emails/x.md', whatever the working directory. */
  name(file: string): string {
    return path.relative(this.root, file)
  }
  add(file: string, message: string, at: At = {}) {
    this.entries.push({ file: this.name(file), message, at })
  }
  get count(): number {
    return this.entries.length
  }
  /** By file in path order, then by line: 'content/emails/x.md:9: …', as the site's problems (site/content/problems.ts). */
  error(): EmailContentError {
    return new EmailContentError(
      this.entries
        .toSorted((a, b) => a.file.localeCompare(b.file) || (a.at.line ?? 0) - (b.at.line ?? 0))
        .map(({ file, message, at: { line, column } }) => `${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${message}`),
    )
  }
}

/** An ajv error as an editor reads it: instancePath '/address', missing 'locality' -> 'address.locality is required'. */
export function describe(error: ErrorObject): string {
  const at = error.instancePath.split('/').slice(1).join('.')
  const field = (name: string) => (at ? `${at}.${name}` : name)
  switch (error.keyword) {
    case 'required':
      return `${field(String(error.params.missingProperty))} is required`
    case 'additionalProperties':
      return `${field(String(error.params.additionalProperty))} is not a known field`
    case 'minLength':
      return `${at} must not be empty`
    case 'pattern':
      // The only pattern of these schemas: oneLine in templates.ts.
      return `${at} must be on one line`
    case 'type':
      return `${at || 'the file'} must be ${error.params.type === 'object' ? 'an object' : 'text'}`
    default:
      return `${at || 'the file'} ${error.message ?? 'is not valid'}`
  }
}
