import { bootstrapAccountId } from '../../contract/wire/people.js'
import type { FormStore } from '../store/formStore.js'

/** What the desk shows for an actor (an account's id, `bootstrap`, or `token:<id>`). */
export type ActorNames = (actor: string) => string

/**
 * The names of everyone who can have changed something: each person (a removed one keeps their name), each API
 * token, and ADMIN_PASSWORD for the bootstrap account. Read once per answer: the audit trail, a record's
 * history, a person's timeline and a lead's owner all say a name, never an id.
 */
export async function actorNames(store: Pick<FormStore, 'people' | 'apiTokens'>): Promise<ActorNames> {
  const people = new Map((await store.people()).map((person) => [person.id, person.name]))
  const tokens = new Map((await store.apiTokens()).map((token) => [`token:${token.id}`, `API token “${token.name}”`]))
  return (actor) =>
    people.get(actor) ??
    tokens.get(actor) ??
    (actor === bootstrapAccountId ? 'ADMIN_PASSWORD' : actor.startsWith('token:') ? 'A revoked API token' : 'Someone without an account')
}

/** The `names` a view carries (contract/wire/records.ts ActorNamesView): the name of each actor it mentions. */
export const namesOf = (actors: Iterable<string | undefined>, names: ActorNames): Record<string, string> =>
  Object.fromEntries([...actors].filter((actor) => actor !== undefined).map((actor) => [actor, names(actor)]))
