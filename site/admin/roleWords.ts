import type { Role } from '../../contract/wire/people'
import type { ShellLabels } from './labels'

/** A role's word, from the admin's shared words: 'member' -> "Member". */
export const roleWords = { owner: 'roleOwner', member: 'roleMember' } as const satisfies Record<Role, keyof ShellLabels>
