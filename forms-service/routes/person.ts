import createError from 'http-errors'
import { adminApi } from '../../contract/wire/adminApi.js'
import { personKeysOf, type PersonKeys } from '../../contract/booking/person.js'
import { personRecordLimit, type ConsultationRecord, type ContactRecord, type EmailRecord } from '../../contract/wire/records.js'
import type { AdminAuth } from '../middleware/adminAuth.js'
import { actorNames } from '../people/actorNames.js'
import { personTimeline } from '../person/timeline.js'
import type { FormStore } from '../store/formStore.js'
import { adminRouter } from './adminRouter.js'
import { answer, route } from './route.js'

const collections = new Set(['consultations', 'contacts'] as const)
const isCollection = (value: string): value is 'consultations' | 'contacts' => collections.has(value as never)

/** GET /api/admin/person/:collection/:id: the person of a record (same folded address or phone) and their timeline. */
export function personRoutes(auth: AdminAuth, store: FormStore, corsOrigins: readonly string[]) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  route(router, adminApi.person, ...admin, async (ctx) => {
    const collection = ctx.params.collection!
    if (!isCollection(collection)) throw createError(404, 'No such record')
    const record = await store.find(collection, ctx.params.id!)
    if (!record) throw createError(404, 'No such record')
    const same = await samePerson(store, record)
    const records = [
      ...same.consultations.map((found) => ({ collection: 'consultations' as const, record: found })),
      ...same.contacts.map((found) => ({ collection: 'contacts' as const, record: found })),
    ]
    const emails = new Map<string, EmailRecord[]>()
    for (const { collection: about, record: found } of records) emails.set(found.id, await store.emailsAbout(about, found.id))
    const subscriber = await store.subscriberOf(record.email)
    const truncated = same.consultations.length >= personRecordLimit || same.contacts.length >= personRecordLimit
    ctx.set('Cache-Control', 'no-store')
    answer(ctx, adminApi.person, personTimeline(records, emails, subscriber?.subscribedAt ?? null, truncated, await actorNames(store)))
  })
  return router
}

/** How many steps from the record opened a person reaches: its address's phone's address, and so on. */
const maxSteps = 3

/**
 * The records of one person: the same address or the same phone as the record, or as a record found so
 * (an address used with the phone of another record is the same person), a few steps deep.
 */
async function samePerson(store: FormStore, record: { email: string; phone: string }) {
  const consultations = new Map<string, ConsultationRecord>()
  const contacts = new Map<string, ContactRecord>()
  const seen = new Set<string>()
  let next: PersonKeys[] = [personKeysOf(record)]
  for (let step = 0; step < maxSteps && next.length > 0; step++) {
    const found: Array<{ email: string; phone: string }> = []
    for (const keys of next) {
      seen.add(`email:${keys.email}`)
      if (keys.phone) seen.add(`phone:${keys.phone}`)
    }
    // Every key of a step in one look-up.
    const same = await store.samePerson(next, personRecordLimit)
    for (const one of same.consultations)
      if (!consultations.has(one.id) && consultations.size < personRecordLimit) found.push(consultations.set(one.id, one).get(one.id)!)
    for (const one of same.contacts) if (!contacts.has(one.id) && contacts.size < personRecordLimit) found.push(contacts.set(one.id, one).get(one.id)!)
    next = found.map(personKeysOf).filter((keys) => !seen.has(`email:${keys.email}`) || (keys.phone !== '' && !seen.has(`phone:${keys.phone}`)))
  }
  return { consultations: [...consultations.values()], contacts: [...contacts.values()] }
}
