import type { ErrorObject } from 'ajv'

/** A validator from `virtual:form-validators/<form>` (ajv standalone code; `errors` is set after a failure). */
export type StandaloneValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }
