import { inboxSorts, type InboxSort, type InboxStatus } from '../../../contract/wire/inbox'
import type { Endpoint } from '../../../contract/wire/api'
import { apiPath } from '../../forms/api'

/** Rows per page of a list. */
export const pageSize = 25

/**
 * What a list shows, kept in the page's query string so that a reload keeps it: '?status=new&q=dana&page=2'.
 * `S` is what its status filter chooses from: a lead's status, or an email's (the outbox).
 */
export type ListParams<S extends string = InboxStatus> = {
  status: S | null
  q: string
  page: number
  sort?: InboxSort
  /** Only one person's leads (their account's id): "Mine". */
  owner?: string
}

/** A list as its page's query string gives it; a status not among `statuses` means all. */
export function readListParams<S extends string>(search: URLSearchParams, statuses: readonly S[]): ListParams<S> {
  const status = statuses.find((candidate) => candidate === search.get('status')) ?? null
  const page = Number(search.get('page'))
  const sort = inboxSorts.find((candidate) => candidate !== 'received' && candidate === search.get('sort'))
  const owner = search.get('owner')
  return { status, q: search.get('q') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1, ...(sort ? { sort } : {}), ...(owner ? { owner } : {}) }
}

/** The query string of a list; '' for the first page of everything. */
export function listSearch<S extends string>(params: ListParams<S>): string {
  const search = filterSearch(params)
  if (params.page > 1) search.set('page', String(params.page))
  const text = search.toString()
  return text ? `?${text}` : ''
}

function filterSearch<S extends string>({ status, q, sort, owner }: ListParams<S>): URLSearchParams {
  const search = new URLSearchParams()
  if (status) search.set('status', status)
  if (q.trim()) search.set('q', q.trim())
  if (sort && sort !== 'received') search.set('sort', sort)
  if (owner) search.set('owner', owner)
  return search
}

/** GET path of one page: the list's path and '?status=new&offset=25&limit=25'. */
export function listApiPath(list: Endpoint, params: ListParams): string {
  const search = filterSearch(params)
  search.set('offset', String((params.page - 1) * pageSize))
  search.set('limit', String(pageSize))
  return apiPath(list, {}, search)
}

/** The CSV export of every match of the filter and search: the export's path and '?q=dana'. */
export const csvApiPath = (csv: Endpoint, params: ListParams): string => apiPath(csv, {}, filterSearch(params))
