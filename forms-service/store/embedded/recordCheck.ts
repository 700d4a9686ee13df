import { consultationSchema } from '../../../contract/wire/consultation.js'
import { contactSchema } from '../../../contract/wire/contact.js'
import { isTextRecord, shapeProblem, type Shape } from '../../../contract/wire/recordShape.js'
import { recordShapes, type Change, type Collection } from '../records.js'

// What the embedded store reads back from disk is checked by each collection's declared shape
// (forms-service/store/records.ts recordShapes), and a lead's form fields by its form's schema: a field
// declared is a field checked, with nothing else to write here.

const formSchemas = { consultations: consultationSchema, contacts: contactSchema } as const

/** The shape of the form, not today's rules: a record stored under older rules still loads. */
const formProblem =
  (schema: (typeof formSchemas)[keyof typeof formSchemas]) =>
  (form: Record<string, unknown>): string | null => {
    for (const field of schema.required) if (typeof form[field] !== 'string' || form[field] === '') return `${field}: missing`
    for (const [field, value] of Object.entries(form)) {
      if (!Object.hasOwn(schema.properties, field) || field === '_gotcha') return `${field}: not a field of this form`
      // Where a lead came from (contract/wire/source.ts): the one form field that is not text but an object of texts.
      if (field === 'source' ? !isTextRecord(value) : typeof value !== 'string') return `${field}: not text`
    }
    return null
  }

const recordProblem = (collection: Collection, record: Record<string, unknown>) =>
  shapeProblem(recordShapes[collection], record, collection === 'consultations' || collection === 'contacts' ? formProblem(formSchemas[collection]) : undefined)

/**
 * What is wrong with a change read back from disk, naming the field, or null. Checked for every
 * journal line before any file is changed, so damage stops the start instead of being folded in.
 * An update may set any declared field but the id; a lead's form fields are as the visitor sent them.
 *
 *     problemOf({ collection: 'contacts', record: { id: 'x', receivedAt: '…', name: 'Ann' } })
 *     // 'contacts record x: email: missing'
 */
export function problemOf(change: Change): string | null {
  if ('record' in change) {
    const record = change.record as unknown as Record<string, unknown>
    const problem = recordProblem(change.collection, record)
    return problem && `${change.collection} record ${String(record.id)}: ${problem}`
  }
  if ('deleted' in change) return null
  const shape: Shape = recordShapes[change.collection]
  for (const [field, value] of Object.entries(change.set)) {
    const declared = field === 'id' || !Object.hasOwn(shape, field) ? undefined : shape[field]
    if (!declared) return `${change.collection} update of ${change.id}: ${field} cannot be changed`
    if (value !== undefined && !declared.check(value)) return `${change.collection} update of ${change.id}: ${field} is not valid`
  }
  for (const field of change.unset ?? []) {
    if (!Object.hasOwn(shape, field) || !shape[field]!.optional) return `${change.collection} update of ${change.id}: ${field} cannot be taken away`
  }
  return null
}
