import { expect, it } from 'vitest'
import { accountLinks, accountScreen, adminScreenNames, navScreenNames } from './screenTable'

it("links every screen but the signed-out ones (Join, Reset) and the person's own for an owner, and before the role is known (the page as built)", () => {
  const linked = adminScreenNames.filter((screen) => !['join', 'reset', 'sessions', 'security'].includes(screen))
  expect(navScreenNames('owner')).toEqual(linked)
  expect(navScreenNames(undefined)).toEqual(linked)
})

it('links no owner screen for a member: the people, the API tokens, the block list', () => {
  const member = navScreenNames('member')
  for (const screen of ['people', 'tokens', 'blocked', 'join', 'reset'] as const) expect(member).not.toContain(screen)
  expect(member).toEqual(expect.arrayContaining(['overview', 'consultations', 'messages', 'meetings', 'newsletter', 'outbox']))
})

it("links the person's sessions from their name, and their Security beside it, for everyone", () => {
  expect(accountScreen).toBe('sessions')
  expect(accountLinks.map(({ screen }) => screen)).toEqual(['security'])
})
