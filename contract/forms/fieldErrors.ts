import type { ErrorObject } from 'ajv'

/** Where an error belongs when it is about the body as a whole (not an object, for instance). */
export const bodyField = '_body'

export const unknownFieldMessage = 'Unknown field'

/**
 * The first message per field, from the errors of an ajv validator (runtime or standalone) compiled
 * with `allErrors: true` and ajv-errors:
 *
 *     fieldErrors(validate.errors) // { email: 'Email is invalid', date: 'Please select a date' }
 *
 * A missing property is reported on the object itself, so its field is read from `missingProperty`,
 * also when ajv-errors has wrapped the original error (`params.errors`).
 */
export function fieldErrors(errors: ErrorObject[] | null | undefined): Record<string, string> {
  // A Map, so that a field named `__proto__` is an entry like any other, not the object's prototype.
  const fields = new Map<string, string>()
  for (const error of errors ?? []) {
    const field = fieldOf(error)
    if (fields.has(field)) continue
    fields.set(field, error.keyword === 'additionalProperties' ? unknownFieldMessage : (error.message ?? 'Invalid value'))
  }
  return Object.fromEntries(fields)
}

function fieldOf(error: ErrorObject): string {
  const original = error.keyword === 'errorMessage' ? wrappedErrors(error)[0] : error
  const params: Record<string, unknown> = original?.params ?? {}
  const fromPath = error.instancePath.split('/')[1]
  if (fromPath) return unescapePointer(fromPath)
  if (typeof params.missingProperty === 'string') return params.missingProperty
  if (typeof params.additionalProperty === 'string') return params.additionalProperty
  return bodyField
}

function wrappedErrors(error: ErrorObject): ErrorObject[] {
  const wrapped: unknown = error.params.errors
  return Array.isArray(wrapped) ? wrapped : []
}

// JSON Pointer escapes (RFC 6901): '~1' is '/', '~0' is '~'.
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/**
 * Where the site's form-error page (urls.formError) lists the problems: the forms service answers a
 * form posted without JavaScript with that page, this marker replaced by `<ul><li>Name is required</li>…</ul>`.
 */
export const formErrorsMarker = '<!--form-errors-->'
