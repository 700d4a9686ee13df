import { createHash } from 'node:crypto'
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { ContentProblems } from '../../contract/content/problems.ts'

// ajv-formats is CommonJS: its default export arrives wrapped under module interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

// verbose: an error carries its schema, so an unknown field can list the known ones. Without ajv's code
// optimisation, compiling the schemas (ui.json's is large) costs every build ~40 % less CPU; it checks the same.
const options: Options = { allErrors: true, strict: true, verbose: true, code: { optimize: false } }
const ajv = new Ajv(options)
addFormats(ajv)

const compiled = new WeakMap<object, ValidateFunction>()

/**
 * The (schema, data) pairs that passed before, by key (validationKey), kept between builds with the rendered
 * Markdown (builder/markdownCache.ts). Validation is a pure function of the two, so data that passed a
 * schema passes it again: an unchanged file is not checked, and its schema not even compiled (ui.json's takes
 * ~100 ms to compile, most of what an incremental build's check would spend on the schemas).
 */
export type ValidationMemo = { has(key: string): boolean; add(key: string): void }

/**
 * Validates `data` against `schema`; on failure records one line per problem (with the field's line) and
 * returns false. With a memo, data that passed before passes at once.
 */
export function validate<T>(schema: object, data: unknown, file: string, problems: ContentProblems, memo?: ValidationMemo): data is T {
  const key = memo && validationKey(schema, data)
  if (key !== undefined && memo!.has(key)) return true
  let check = compiled.get(schema)
  if (!check) {
    check = ajv.compile(schema)
    compiled.set(schema, check)
  }
  if (check(data)) {
    if (key !== undefined) memo!.add(key)
    return true
  }
  for (const error of check.errors ?? []) {
    const extra = error.keyword === 'additionalProperties' ? `/${escapeKey(String(error.params.additionalProperty))}` : ''
    problems.add(file, describe(error, data), { field: error.instancePath + extra })
  }
  return false
}

const schemaKeys = new WeakMap<object, string>()

/**
 * A hash of the schema (with ajv's options, which change what it accepts) and of the data; none for data JSON
 * cannot write faithfully, which is then always checked. Content data is JSON or YAML's core schema: JSON's
 * own types, but for a number that is not finite (`.nan`, `.inf`), which JSON would write as null.
 */
function validationKey(schema: object, data: unknown): string | undefined {
  let faithful = true
  const json = JSON.stringify(data, (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) faithful = false
    return value
  })
  if (!faithful) return undefined
  let schemaKey = schemaKeys.get(schema)
  if (schemaKey === undefined) {
    schemaKey = sha256(JSON.stringify({ options, schema }))
    schemaKeys.set(schema, schemaKey)
  }
  return sha256(`${schemaKey}\0${json}`)
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

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
