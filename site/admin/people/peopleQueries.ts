import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { AnswerOf } from '../../../contract/wire/api'
import type { InvitationCreate, Role, SignedInPerson } from '../../../contract/wire/people'
import { answerOf, apiJson, apiPath, apiRequest } from '../../forms/api'
import { forgetAdminData, useOnUnauthorized } from '../session'
import { auditApiPath, type AuditParams } from './auditParams'

// Query keys are GET paths, as for the other admin lists: the people with their invitations, and a page of the activity.
const listKey = [apiPath(adminApi.people.list)]
type PeopleList = AnswerOf<typeof adminApi.people.list>

/** The people at the desk and the open invitations; null while signed out. */
export const usePeople = () => useQuery({ queryKey: listKey, queryFn: answerOf(adminApi.people.list) })

/** One page of the activity, newest first; the page before stays on screen while the next one loads. */
export const useAudit = (params: AuditParams, enabled: boolean) =>
  useQuery({ queryKey: [auditApiPath(params)], queryFn: answerOf(adminApi.audit), placeholderData: keepPreviousData, enabled })

const isActivityPage = (query: Query) => String(query.queryKey[0]).startsWith(`${apiPath(adminApi.audit)}?`)

/** Every change here is a line of the activity; the list shows the change at once. */
function changed(queryClient: QueryClient, edit: (list: PeopleList) => PeopleList) {
  queryClient.setQueryData<PeopleList | null>(listKey, (list) => list && edit(list))
  void queryClient.invalidateQueries({ predicate: isActivityPage })
}

/** A change to the signed-in person's own account ends their sessions (the service's rule): this browser then signs in again. */
function signedOutBy(queryClient: QueryClient, personId: string) {
  const me = queryClient.getQueryData<SignedInPerson | null>([apiPath(adminApi.me)])
  if (me?.id === personId) forgetAdminData(queryClient)
}

export function useInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitation: InvitationCreate) => apiJson(adminApi.people.invite, { body: invitation }),
    onSuccess: (invitation) => changed(queryClient, (list) => ({ ...list, invitations: [...list.invitations, invitation] })),
    onError: useOnUnauthorized(),
  })
}

/** The invitation's email again, with a link that works for another invitationDays. */
export function useResendInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiJson(adminApi.people.resendInvitation, { params: { id }, body: {} }),
    onSuccess: (invitation) =>
      changed(queryClient, (list) => ({ ...list, invitations: list.invitations.map((one) => (one.id === invitation.id ? invitation : one)) })),
    onError: useOnUnauthorized(),
  })
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.people.revokeInvitation, { params: { id } }),
    onSuccess: (_answer, id) => changed(queryClient, (list) => ({ ...list, invitations: list.invitations.filter((one) => one.id !== id) })),
    onError: useOnUnauthorized(),
  })
}

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => apiJson(adminApi.people.changeRole, { params: { id }, body: { role } }),
    onSuccess: (person) => {
      changed(queryClient, (list) => ({ ...list, people: list.people.map((one) => (one.id === person.id ? person : one)) }))
      signedOutBy(queryClient, person.id)
    },
    onError: useOnUnauthorized(),
  })
}

export function useRemovePerson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.people.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      changed(queryClient, (list) => ({ ...list, people: list.people.filter((one) => one.id !== id) }))
      signedOutBy(queryClient, id)
    },
    onError: useOnUnauthorized(),
  })
}
