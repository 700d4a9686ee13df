import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { spreadsheetSafe } from '../../contract/wire/spreadsheet'
import { adminApi } from '../../contract/wire/adminApi'
import type { SubscriberRecord } from '../../contract/wire/records'
import { answerOf, apiPath, apiRequest } from '../forms/api'
import { useOnUnauthorized } from './session'

export type Subscriber = SubscriberRecord

/** The query key is the GET path (the default loader). */
export const subscribersKey = [apiPath(adminApi.subscribers)] as const

/** The subscriber list; null while the admin is not signed in (the API answers 401). */
export function useSubscribers() {
  return useQuery({ queryKey: subscribersKey, queryFn: answerOf(adminApi.subscribers) })
}

/** DELETE one subscriber; the list loses the row at once. */
export function useDeleteSubscriber() {
  const queryClient = useQueryClient()
  const onUnauthorized = useOnUnauthorized()
  return useMutation({
    mutationFn: (subscriber: Subscriber) => apiRequest(adminApi.removeSubscriber, { params: { id: subscriber.id } }),
    onSuccess: (_response, deleted) =>
      queryClient.setQueryData<Subscriber[] | null>(subscribersKey, (list) => list?.filter((subscriber) => subscriber.id !== deleted.id)),
    onError: onUnauthorized,
  })
}

// US English, long month, numeric day and year, hour and minute ("June 5, 2025 at 3:04 PM").
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })

export const formatSubscribedAt = (iso: string) => dateFormat.format(new Date(iso))

type CsvHeader = { email: string; date: string; id: string }

/**
 * The export as CSV text (the header row, then a row per subscriber). Every cell goes through
 * spreadsheetSafe, shared with the inbox exports, which also sees a formula behind invisible or
 * full-width characters ("\u200b=…", "＝…"); papaparse's escaping looks at the first character only.
 */
export async function subscribersCsv(subscribers: Subscriber[], header: CsvHeader): Promise<string> {
  const { default: Papa } = await import('papaparse')
  return Papa.unparse(
    {
      fields: [header.email, header.date, header.id],
      data: subscribers.map((subscriber) => [subscriber.email, formatSubscribedAt(subscriber.subscribedAt), subscriber.id].map(spreadsheetSafe)),
    },
    { escapeFormulae: false },
  )
}
