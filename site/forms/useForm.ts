import { useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { fieldErrors } from '../../contract/forms/fieldErrors'
import type { StandaloneValidate } from './validators'

export type Values = Record<string, string>
type Errors<V> = Partial<Record<keyof V, string>>

/** The schema's messages per field for `values`; empty when the service would accept them. */
export function validateValues<V extends Values>(validate: StandaloneValidate, values: V): Errors<V> {
  return validate(values) ? {} : (fieldErrors(validate.errors) as Errors<V>)
}

/**
 * The values of `form`'s controls named like the keys of `values` (the others as in `values`):
 * what a visitor typed or chose before the island hydrated.
 */
export function valuesInForm<V extends Values>(form: HTMLFormElement, values: V): V {
  const found: Values = { ...values }
  for (const name of Object.keys(values)) {
    const control = form.elements.namedItem(name)
    if (control && 'value' in control && typeof control.value === 'string') found[name] = control.value
  }
  return found as V
}

/**
 * State of one form checked by a schema. Errors appear on the first submit attempt, then follow every
 * edit; a failed attempt moves focus to the first invalid field.
 */
export function useForm<V extends Values>(initial: V, validate: StandaloneValidate) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors<V>>({})
  const attempted = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  // Hydration keeps what the visitor typed before it in the DOM, but not in the state, and the next
  // render would write the state back over it: take the DOM's values over first (before any paint or event).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; a later `initial` must not replace what was typed
  useLayoutEffect(() => {
    if (!formRef.current) return
    const typed = valuesInForm(formRef.current, initial)
    if (Object.keys(typed).some((name) => typed[name] !== initial[name])) setValues(typed)
  }, [])

  const setValue = (name: keyof V, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (attempted.current) setErrors(validateValues(validate, next))
  }

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  })

  /** Validates everything; on failure shows the errors and focuses the first invalid field. */
  const check = (): boolean => {
    attempted.current = true
    const found = validateValues(validate, values)
    flushSync(() => setErrors(found))
    if (Object.keys(found).length === 0) return true
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    return false
  }

  /** Shows messages the service gave (a refused submit), focusing the first field they name. */
  const showErrors = (found: Errors<V>) => {
    attempted.current = true
    flushSync(() => setErrors(found))
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  const reset = () => {
    attempted.current = false
    setValues(initial)
    setErrors({})
  }

  return { values, errors, field, setValue, check, showErrors, reset, formRef }
}
