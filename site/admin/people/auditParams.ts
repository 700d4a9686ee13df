import { adminApi } from '../../../contract/wire/adminApi'
import { auditActions, type AuditAction } from '../../../contract/wire/people'
import { apiPath } from '../../forms/api'
import { pageSize } from '../list/listParams'

/** What the activity shows, kept in the page's query string so that a reload keeps it: '?actor=…&action=signed-in&page=2'. */
export type AuditParams = { actor: string | null; action: AuditAction | null; page: number }

/** The activity as the page's query string gives it; an action that is not one means every action. */
export function readAuditParams(search: URLSearchParams): AuditParams {
  const action = auditActions.find((candidate) => candidate === search.get('action')) ?? null
  const page = Number(search.get('page'))
  return { actor: search.get('actor') || null, action, page: Number.isInteger(page) && page > 1 ? page : 1 }
}

const filterSearch = ({ actor, action }: AuditParams) => {
  const search = new URLSearchParams()
  if (actor) search.set('actor', actor)
  if (action) search.set('action', action)
  return search
}

/** The page's query string; '' for the first page of everything. */
export function auditSearch(params: AuditParams): string {
  const search = filterSearch(params)
  if (params.page > 1) search.set('page', String(params.page))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** GET path of one page, also its query key: '/api/admin/audit?action=signed-in&offset=25&limit=25'. */
export function auditApiPath(params: AuditParams): string {
  const search = filterSearch(params)
  search.set('offset', String((params.page - 1) * pageSize))
  search.set('limit', String(pageSize))
  return apiPath(adminApi.audit, {}, search)
}
