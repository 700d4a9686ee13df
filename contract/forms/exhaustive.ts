// Tables at the seams, where adding a field or an email must touch a file the compiler can name.

/**
 * `L`, if it names every member of `All`; otherwise `{ missing: … }`, so that the list is a type error
 * naming the missing ones: `list satisfies EveryOf<EmailName, typeof list>`. A type, not a
 * function: a list the browser loads stays a plain constant its bundle can leave out.
 */
export type EveryOf<All, L extends readonly All[]> = [Exclude<All, L[number]>] extends [never] ? L : { missing: Exclude<All, L[number]> }

/** A table's entry for a form field the table leaves out on purpose (a value the visitor never sees again, say). */
export const hidden = 'hidden'
export type Hidden = typeof hidden

/** The entries of a table keyed by a form's fields (and the record's own), in its order, without the hidden ones. */
export function shown<T>(table: Readonly<Record<string, T | Hidden>>): T[] {
  return Object.values(table).filter((entry): entry is T => entry !== hidden)
}
