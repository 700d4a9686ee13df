// A stored record's shape, declared once, field by field: the record's type (`RecordOf`), the embedded
// store's check of what it reads back (`shapeProblem`), the PostgreSQL row (forms-service/store/postgres/
// columns.ts) and the records the property test makes (tests/service/record-round-trip.test.ts) all come from
// it, so a field added here is kept by both stores or named by the compiler, never dropped unseen.

/** How a field is held: PostgreSQL's column type for it (text, timestamptz, integer, jsonb, text[]). */
export type FieldKind = 'text' | 'time' | 'integer' | 'json' | 'list'

export interface Field<T = unknown, Optional extends boolean = boolean> {
  readonly kind: FieldKind
  /** An optional field is left out of the record when it has no value (NULL in its column). */
  readonly optional: Optional
  /** The only values a text field (or each item of a list) may hold, when only some may. */
  readonly values?: readonly string[]
  readonly check: (value: unknown) => boolean
  /** What the field holds, for the compiler only. */
  readonly type?: T
}

/** A record's fields by name. */
export type Shape = Readonly<Record<string, Field>>

const isText = (value: unknown): value is string => typeof value === 'string'
const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))

const field = <T>(kind: FieldKind, check: (value: unknown) => boolean, values?: readonly string[]): Field<T, false> => ({
  kind,
  optional: false,
  check,
  ...(values ? { values } : {}),
})

export const text = <T extends string = string>(check: (value: unknown) => boolean = isText) => field<T>('text', check)
/** A non-empty text: an id, a name. */
export const name = () => field<string>('text', (value) => isText(value) && value !== '')
/** An instant, as ISO 8601 text. */
export const time = () => field<string>('time', isTime)
export const integer = () => field<number>('integer', Number.isSafeInteger)
export const oneOf = <const V extends readonly string[]>(values: V) => field<V[number]>('text', (value) => values.includes(value as string), values)
/** A non-empty list of distinct values among `values`. */
export const listOf = <const V extends readonly string[]>(values: V) =>
  field<V[number][]>(
    'list',
    (value) => Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every((item) => values.includes(item)),
    values,
  )
/** An object or a list the stores keep whole (jsonb), with the check of its shape. */
export const json = <T>(check: (value: unknown) => boolean) => field<T>('json', check)
export const optional = <T>(required: Field<T, false>): Field<T, true> => ({ ...required, optional: true })
/** A field that may also hold null, as a marker cleared on purpose (not the same as absent). */
export const orNull = <T, O extends boolean>(inner: Field<T, O>): Field<T | null, O> => ({ ...inner, check: (value) => value === null || inner.check(value) })

/** An object whose every own field is text: a lead's source (contract/wire/source.ts). */
export const isTextRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string')

type TypeOf<F> = F extends Field<infer T, boolean> ? T : never
type Flat<T> = { [K in keyof T]: T[K] } & {}

/** The record a shape declares: its optional fields optional. */
export type RecordOf<S extends Shape> = Flat<
  { -readonly [K in keyof S as S[K]['optional'] extends true ? never : K]: TypeOf<S[K]> } & {
    -readonly [K in keyof S as S[K]['optional'] extends true ? K : never]?: TypeOf<S[K]>
  }
>

/**
 * A shape of a record whose type is written elsewhere (a union): a field for each of its fields, or no compile.
 * (`& string` keeps a union whole: a mapped type over `keyof R` alone would take each member apart.)
 */
export type ShapeOf<R> = { readonly [K in keyof R & string]-?: Field<Exclude<R[K], undefined>, undefined extends R[K] ? true : false> }

/**
 * What is wrong with `record` by `shape`, naming the field, or null. Fields the shape does not name are
 * `others`' to check (a lead's form fields: its form's schema); without it they are refused.
 *
 *     shapeProblem({ id: name(), at: time() }, { id: 'x' })  // 'at: missing'
 */
export function shapeProblem(shape: Shape, record: Record<string, unknown>, others?: (fields: Record<string, unknown>) => string | null): string | null {
  for (const [key, declared] of Object.entries(shape)) {
    const value = record[key]
    if (value === undefined) {
      if (!declared.optional) return `${key}: missing`
    } else if (!declared.check(value))
      return `${key}: not ${declared.values ? `${declared.kind === 'list' ? 'a list of' : 'one of'} ${declared.values.join(', ')}` : 'valid'}`
  }
  const rest = Object.fromEntries(Object.entries(record).filter(([key]) => !Object.hasOwn(shape, key)))
  if (others) return others(rest)
  const unknown = Object.keys(rest)[0]
  return unknown === undefined ? null : `${unknown}: not a field of this record`
}
