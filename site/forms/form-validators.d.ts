// The forms service's schemas compiled by builder/formValidators.ts (ajv standalone code).
declare module 'virtual:form-validators' {
  import type { ErrorObject } from 'ajv'

  type StandaloneValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }

  export const consultation: StandaloneValidate
  export const contact: StandaloneValidate
  export const newsletter: StandaloneValidate
}
