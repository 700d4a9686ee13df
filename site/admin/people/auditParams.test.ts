import { expect, it } from 'vitest'
import { auditApiPath, auditSearch, readAuditParams } from './auditParams'

const read = (search: string) => readAuditParams(new URLSearchParams(search))

it('reads the person, the action and the page from the query string', () => {
  expect(read('?actor=a1&action=role-changed&page=3')).toEqual({ actor: 'a1', action: 'role-changed', page: 3 })
  expect(read('')).toEqual({ actor: null, action: null, page: 1 })
})

it('takes an action that is not one, or a page that is not a whole number past 1, as none', () => {
  expect(read('?action=deleted-everything&page=0')).toEqual({ actor: null, action: null, page: 1 })
  expect(read('?actor=&page=2.5')).toEqual({ actor: null, action: null, page: 1 })
})

it('writes the query string back, without what is the default', () => {
  expect(auditSearch({ actor: null, action: null, page: 1 })).toBe('')
  expect(auditSearch({ actor: 'a1', action: 'signed-in', page: 2 })).toBe('?actor=a1&action=signed-in&page=2')
  for (const search of ['?actor=a1', '?action=exported&page=4']) expect(auditSearch(read(search))).toBe(search)
})

it('asks the service for the page by offset and limit', () => {
  expect(auditApiPath({ actor: null, action: null, page: 1 })).toBe('/api/admin/audit?offset=0&limit=25')
  expect(auditApiPath({ actor: 'a 1', action: 'blocked', page: 3 })).toBe('/api/admin/audit?actor=a+1&action=blocked&offset=50&limit=25')
})
