// The forms service's schemas compiled by builder/formValidators.ts (ajv standalone code), one module per form:
// each validator is a function with ajv's `errors` set after a failure.

declare module 'virtual:form-validators/consultation' {
  export const consultation: import('./validators').StandaloneValidate
}
declare module 'virtual:form-validators/contact' {
  export const contact: import('./validators').StandaloneValidate
}
declare module 'virtual:form-validators/newsletter' {
  export const newsletter: import('./validators').StandaloneValidate
}
