import { emailPattern, maxLength, notBlankPattern, plainLinePattern, storableTextPattern } from './limits.js'

// Building blocks of the form schemas. Each carries its ajv-errors messages, so the browser form and
// the service show the same words.

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`

export const hiddenCharacters = (label: string) => `${label} contains invisible or control characters`

/** A one-line text field that must hold something visible. */
export function requiredText(required: string, label: string, max: number) {
  return {
    type: 'string',
    maxLength: max,
    allOf: [
      { pattern: notBlankPattern, errorMessage: required },
      { pattern: plainLinePattern, errorMessage: hiddenCharacters(label) },
    ],
    errorMessage: { type: required, maxLength: tooLong(label, max) },
  } as const
}

/** A text field that may be left out or empty: several lines (a message), or one plain line (a web address). */
export function optionalText(label: string, max: number, lines: 'multi' | 'single' = 'multi') {
  return {
    type: 'string',
    maxLength: max,
    pattern: lines === 'single' ? plainLinePattern : storableTextPattern,
    errorMessage: { type: `${label} must be text`, maxLength: tooLong(label, max), pattern: hiddenCharacters(label) },
  } as const
}

/** A required field with a format: blank gives `required`, anything else malformed gives `invalid`. */
export function requiredPatternText(required: string, invalid: string, pattern: string, max: number) {
  return {
    type: 'string',
    maxLength: max,
    allOf: [
      { pattern: notBlankPattern, errorMessage: required },
      { pattern, errorMessage: invalid },
      { pattern: plainLinePattern, errorMessage: invalid },
    ],
    errorMessage: { type: invalid, maxLength: invalid },
  } as const
}

export const requiredEmail = requiredPatternText('Email is required', 'Email is invalid', emailPattern, maxLength.email)

/** A select: the browser sends "" while nothing is chosen, which fails the enum like a wrong value. */
export function select<const V extends readonly string[]>(values: V, message: string) {
  return { type: 'string', enum: values, errorMessage: message } as const
}

/** The honeypot (`_gotcha`): accepted by the schema so a real form can send it empty; a filled one is dropped. */
export const honeypot = { type: 'string', maxLength: maxLength.honeypot } as const

/**
 * `_elapsedMs`: how long after its page loaded (or after its previous send) the form was sent, in
 * milliseconds, measured by the widget. Optional: a form without JavaScript, or a script, sends none.
 * The service marks a form sent sooner than a person can as possible spam (forms-service/spam.ts).
 */
export const formTiming = { type: 'integer', minimum: 0, maximum: 2_147_483_647, errorMessage: '_elapsedMs must be a whole number of milliseconds' } as const
/**
 * A form's values while a visitor fills it in: every field of its request as text, '' until filled or
 * chosen (the time on screen is the widget's own, the source the visit's: site/forms/visitSource.ts).
 */
export type FormDraft<Request> = { [Field in Exclude<keyof Request, '_elapsedMs' | 'source'>]-?: string }
