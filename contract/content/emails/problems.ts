import type { ErrorObject } from 'ajv'

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
