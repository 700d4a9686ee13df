import { useMutation } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { ResetAsk, ResetConfirm } from '../../../contract/wire/people'
import { apiJson } from '../../forms/api'

/** Asks for a reset link by email: the same answer (202, the service's sentence) whether or not the address has an account. */
export const useAskReset = () => useMutation({ mutationFn: (ask: ResetAsk) => apiJson(adminApi.passwordReset.ask, { body: ask }) })

/** A new password with the link's key: signed in at once, unless the person has a second factor to sign in with. */
export const useConfirmReset = () => useMutation({ mutationFn: (confirm: ResetConfirm) => apiJson(adminApi.passwordReset.confirm, { body: confirm }) })
