import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: its default export arrives wrapped under module interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

const ajv = new Ajv({ allErrors: true, strict: true })
addFormats(ajv)

const compiled = new WeakMap<object, ValidateFunction>()

/** Collects every content problem of a build, so an editor sees them all at once. */
export class ContentProblems {
  private readonly entries: { file: string; message: string }[] = []
  add(file: string, message: string) {
    this.entries.push({ file, message })
  }
  /** One line per problem, grouped by file in path order (loaders finish in any order). */
  get lines(): string[] {
    return this.entries.toSorted((a, b) => a.file.localeCompare(b.file)).map(({ file, message }) => `${file}: ${message}`)
  }
  throwIfAny() {
    if (this.entries.length > 0) throw new ContentError(this.lines)
  }
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`)
    this.name = 'ContentError'
  }
}

/** Validates `data` against `schema`; on failure records one line per problem and returns false. */
export function validate<T>(schema: object, data: unknown, file: string, problems: ContentProblems): data is T {
  let check = compiled.get(schema)
  if (!check) {
    check = ajv.compile(schema)
    compiled.set(schema, check)
  }
  if (check(data)) return true
  for (const error of check.errors ?? []) problems.add(file, describe(error, data))
  return false
}

// '/keyPoints/0/title' -> 'keyPoints[0].title'
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '')
}

function valueAt(data: unknown, instancePath: string): unknown {
  let value = data
  for (const part of instancePath.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[part]
  return value
}

function describe(error: ErrorObject, data: unknown): string {
  const field = fieldName(error.instancePath)
  const got = ` (got ${JSON.stringify(valueAt(data, error.instancePath)) ?? 'nothing'})`
  const where = (name: string) => (field ? `${field}.${name}` : name)
  switch (error.keyword) {
    case 'required':
      return `${where(String(error.params.missingProperty))} is required`
    case 'additionalProperties':
      return `${where(String(error.params.additionalProperty))} is not a known field`
    case 'type': {
      const type = error.params.type === 'integer' ? 'number' : String(error.params.type)
      return `${field || 'file'} must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}${got}`
    }
    case 'enum':
      return `${field} must be one of ${(error.params.allowedValues as string[]).join(', ')}${got}`
    case 'format':
      return `${field} must be a valid ${error.params.format}${error.params.format === 'date' ? ' (YYYY-MM-DD)' : ''}${got}`
    case 'minLength':
      return `${field} must not be empty`
    default:
      return `${field || 'file'} ${error.message}${got}`
  }
}
