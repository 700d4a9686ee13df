import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { ContentProblems } from '../../contract/problems.ts'

// ajv-formats is CommonJS: its default export arrives wrapped under module interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

// verbose: an error carries its schema, so an unknown field can list the known ones. Without ajv's code
// optimisation, compiling the schemas (ui.json's is large) costs every build ~40 % less CPU; it checks the same.
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true, code: { optimize: false } })
addFormats(ajv)

const compiled = new WeakMap<object, ValidateFunction>()

/** Validates `data` against `schema`; on failure records one line per problem (with the field's line) and returns false. */
export function validate<T>(schema: object, data: unknown, file: string, problems: ContentProblems): data is T {
  let check = compiled.get(schema)
  if (!check) {
    check = ajv.compile(schema)
    compiled.set(schema, check)
  }
  if (check(data)) return true
  for (const error of check.errors ?? []) {
    const extra = error.keyword === 'additionalProperties' ? `/${escapeKey(String(error.params.additionalProperty))}` : ''
    problems.add(file, describe(error, data), { field: error.instancePath + extra })
  }
  return false
}

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')

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
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {})
      return `unknown field "${where(String(error.params.additionalProperty))}" (allowed: ${allowed.join(', ')})`
    }
    case 'type': {
      // JSON Schema's 'integer' in an editor's words: readTime must be a whole number (got 5.5).
      const type = error.params.type === 'integer' ? 'whole number' : String(error.params.type)
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
