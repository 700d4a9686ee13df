import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { EmailState, EmailView, OutboxPage } from '../../../contract/wire/records'
import { answerOf, apiJson, apiPath, apiRequest } from '../../forms/api'
import { pageSize, type ListParams } from '../list/listParams'
import { recordKey } from '../records'
import { useOnUnauthorized } from '../session'

// Query keys are GET paths, as for the inbox: the outbox's path and '?state=failed&offset=0&limit=25'.

/** While an email on screen is queued and due within this long, the page reloads every REFRESH_MS. */
const DUE_WITHIN_MS = 60_000
const REFRESH_MS = 3000

/** GET path of one page: the page's `?status=` is the API's `state`. */
export function outboxApiPath({ status, page }: ListParams<EmailState>): string {
  const search = new URLSearchParams()
  if (status) search.set('state', status)
  search.set('offset', String((page - 1) * pageSize))
  search.set('limit', String(pageSize))
  return apiPath(adminApi.outbox, {}, search)
}

const loadOutboxPage = answerOf(adminApi.outbox)

const dueSoon = (email: EmailView) => email.state === 'queued' && Date.parse(email.nextAttemptAt ?? '') <= Date.now() + DUE_WITHIN_MS

/**
 * One page of the outbox; the previous page stays on screen while the next one loads. It reloads
 * itself while an email on it is about to be sent (just resent, or retried soon), until it is not.
 */
export function useOutboxPage(params: ListParams<EmailState>, enabled: boolean) {
  return useQuery({
    queryKey: [outboxApiPath(params)],
    queryFn: loadOutboxPage,
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some(dueSoon) ? REFRESH_MS : false),
  })
}

/** The email as written to the local outbox folder (an .eml), as text; asked again at each opening (a resend rewrites it). */
export function useEmailMessage(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [apiPath(adminApi.emailMessage, { id })],
    queryFn: async () => (await apiRequest(adminApi.emailMessage, { params: { id } })).text(),
    enabled,
    staleTime: 0,
  })
}

const isOutboxPage = (query: Query) => String(query.queryKey[0]).startsWith(`${apiPath(adminApi.outbox)}?`)
const inboxOf = { consultations: adminApi.consultations, contacts: adminApi.messages }

/**
 * Queues an email again. Outbox pages show it Queued at once (and then reload until it is sent);
 * the request or message it belongs to is reloaded for its list of emails.
 */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiJson(adminApi.resendEmail, { params: { id }, body: {} }),
    onSuccess: (email) => {
      queryClient.setQueriesData<OutboxPage | null>(
        { predicate: isOutboxPage },
        (page) => page && { ...page, items: page.items.map((item) => (item.id === email.id ? email : item)) },
      )
      const { collection, id } = email.about
      if (collection === 'consultations' || collection === 'contacts') void queryClient.invalidateQueries({ queryKey: recordKey(inboxOf[collection], id) })
    },
    onError: useOnUnauthorized(),
  })
}
