import { expect, test } from 'vitest'
import { adminApi } from '../../../contract/wire/adminApi'
import { inboxStatuses } from '../../../contract/wire/inbox'
import { csvApiPath, listApiPath, listSearch, readListParams } from './listParams'

const read = (search: string) => readListParams(new URLSearchParams(search), inboxStatuses)

test('the query string round-trips; unknown or silly values fall back', () => {
  expect(read('')).toEqual({ status: null, q: '', page: 1 })
  expect(read('?status=contacted&q=Dana+Ruiz&page=3')).toEqual({ status: 'contacted', q: 'Dana Ruiz', page: 3 })
  expect(read('?status=junk&page=-2')).toEqual({ status: null, q: '', page: 1 })
  expect(read('?status=spam&sort=overdue')).toEqual({ status: 'spam', q: '', page: 1, sort: 'overdue' })
  expect(read('?sort=name').sort).toBeUndefined()
  expect(listSearch({ status: null, q: '', page: 1, sort: 'requested' })).toBe('?sort=requested')
  expect(listSearch({ status: null, q: '', page: 1, sort: 'received' })).toBe('')
  expect(read('?page=1.5').page).toBe(1)
  expect(listSearch({ status: 'new', q: ' Dana ', page: 2 })).toBe('?status=new&q=Dana&page=2')
  expect(listSearch({ status: null, q: '', page: 1 })).toBe('')
  // The outbox's filter chooses from an email's states.
  expect(readListParams(new URLSearchParams('?status=failed&page=2'), ['queued', 'sent', 'failed'])).toEqual({ status: 'failed', q: '', page: 2 })
  expect(readListParams(new URLSearchParams('?status=new'), ['queued', 'sent', 'failed']).status).toBeNull()
})

test('the API paths carry filter, search and the page as offset and limit', () => {
  const { list, csv } = adminApi.consultations
  expect(listApiPath(list, { status: null, q: '', page: 1 })).toBe(`${list.path}?offset=0&limit=25`)
  expect(listApiPath(list, { status: 'closed', q: 'a&b', page: 3 })).toBe(`${list.path}?status=closed&q=a%26b&offset=50&limit=25`)
  expect(csvApiPath(csv, { status: null, q: '', page: 4 })).toBe(csv.path)
  expect(csvApiPath(csv, { status: 'new', q: 'x', page: 4 })).toBe(`${csv.path}?status=new&q=x`)
  expect(listApiPath(list, { status: null, q: '', page: 1, sort: 'overdue' })).toBe(`${list.path}?sort=overdue&offset=0&limit=25`)
})
