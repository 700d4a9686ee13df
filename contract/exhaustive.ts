// Tables at the seams, where adding a field or an email must touch a file the compiler can name.

/**
 * `list` as it is, if it names every member of `All`; otherwise a type error that names the missing ones
 * (`… & { missing: "contact-followup" }`): `everyOf<EmailName>()(['consultation-notification', …])`.
 */
export const everyOf =
  <All extends string>() =>
  <const L extends readonly All[]>(list: L & ([Exclude<All, L[number]>] extends [never] ? unknown : { missing: Exclude<All, L[number]> })): L =>
    list

/** A table's entry for a form field the table leaves out on purpose (a value the visitor never sees again, say). */
export const hidden = 'hidden'
export type Hidden = typeof hidden

/** The entries of a table keyed by a form's fields (and the record's own), in its order, without the hidden ones. */
export function shown<T>(table: Readonly<Record<string, T | Hidden>>): T[] {
  return Object.values(table).filter((entry): entry is T => entry !== hidden)
}
