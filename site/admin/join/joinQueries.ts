import { useMutation, useQuery } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { InvitationAccept } from '../../../contract/wire/people'
import { apiJson, apiPath } from '../../forms/api'
import { openQuery } from '../session'

/** Who the invitation of a link's key is for; a 404 (with the service's words) for a link that no longer works. */
export function useInvitation(key: string | null) {
  const search = new URLSearchParams({ key: key ?? '' })
  return useQuery({
    queryKey: [apiPath(adminApi.people.invitation, {}, search)],
    queryFn: () => apiJson(adminApi.people.invitation, { search }),
    enabled: key !== null,
    meta: openQuery,
  })
}

/** Accepts the invitation with a password: the service signs this browser in as the new account. */
export const useAccept = () => useMutation({ mutationFn: (accept: InvitationAccept) => apiJson(adminApi.people.accept, { body: accept }) })
