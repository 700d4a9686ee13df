import { atDesk, type AccountRecord } from '../../contract/wire/people.js'
import type { FormStore } from '../store/formStore.js'

/**
 * Who answers a new lead: round robin among the people at the desk (owners and members alike: at a small
 * agency everyone answers leads), the one whose latest lead is the oldest first, and among those who never had
 * one, who joined first. Read from the leads themselves, so every replica picks by the same order; two leads
 * arriving at the same moment on two replicas may go to the same person, which only evens out later.
 * `undefined` while the desk has no accounts (ADMIN_PASSWORD alone): the lead has no owner, as before.
 */
export async function nextLeadOwner(store: Pick<FormStore, 'people' | 'latestLeadByOwner'>): Promise<string | undefined> {
  const people = (await store.people()).filter(atDesk)
  if (people.length === 0) return undefined
  if (people.length === 1) return people[0]!.id
  const latest = await store.latestLeadByOwner()
  const order = (person: AccountRecord) => [latest.get(person.id) ?? '', person.createdAt, person.id].join('\n')
  return people.reduce((first, person) => (order(person) < order(first) ? person : first)).id
}

/** Whether `id` is a person at the desk now (not removed): a lead may be given to them. */
export async function isPersonAtDesk(store: Pick<FormStore, 'person'>, id: string): Promise<boolean> {
  const person = await store.person(id)
  return person !== undefined && atDesk(person)
}
