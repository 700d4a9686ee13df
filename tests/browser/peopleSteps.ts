import { generate } from 'otplib'
import type { APIRequestContext, Page } from 'playwright-core'
import { expect, vi } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import type { InvitationView, RecoveryCodes, Role, TotpSetup } from '../../contract/wire/people'
import { urls } from '../../contract/wire/urls'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { adminPassword, emailsTo, hydrated, type Site, type TestPage } from './harness'

// What the people tests do at the desk: the first owner's account, signing in with an email, the invitation's
// email and its link, as a person does them or (for a test's setup) as a script calls the API.

export const ui = fixtureUi<UiStrings>()

export const owner = { name: 'Ana Owner', email: 'ana@example.com', password: 'correct horse battery staple' } as const

/** Opens an admin screen signed out (the API answers 401, by design) and signs in with an email and a password. */
export async function signInWith(t: TestPage, route: string, person: { email: string; password: string }) {
  t.expectError(/status of 401/)
  await t.goto(route)
  await hydrated(t.page, 'admin')
  await t.page.getByLabel(ui.adminScreen.signInEmail, { exact: true }).fill(person.email)
  await t.page.getByLabel(ui.adminScreen.signInPassword, { exact: true }).fill(person.password)
  await t.page.getByRole('button', { name: ui.adminScreen.signIn }).click()
  await t.page.getByLabel(ui.adminScreen.signInPassword, { exact: true }).waitFor({ state: 'detached' })
}

/** The admin API as a script calls it, signed in with the session cookie its answers set. */
export async function deskApi(site: Site, signIn: { email?: string; password: string }): Promise<APIRequestContext> {
  // From the site's own origin, as the browser sends a change (forms-service/middleware/sameOrigin.ts).
  const context = await site.browser.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } })
  const response = await context.request.post(adminApi.signIn.path, { data: signIn })
  expect(response.status()).toBe(204)
  return context.request
}

/** While no owner exists: the admin password's session makes the first owner's account (and is the owner's then). */
export async function firstOwner(site: Site): Promise<APIRequestContext> {
  const api = await deskApi(site, { password: adminPassword })
  const response = await api.post(adminApi.people.firstOwner.path, { data: owner })
  expect(response.status()).toBe(201)
  return api
}

export async function invite(api: APIRequestContext, person: { name: string; email: string; role: Role }): Promise<InvitationView> {
  const response = await api.post(adminApi.people.invite.path, { data: person })
  expect(response.status()).toBe(201)
  return (await response.json()) as InvitationView
}

/**
 * The link to `page` (urls.admin.join, urls.admin.reset) with its `?key=…`, in the latest email to `to` that has one
 * (the outbox folder), as a path of the site; also in a test's setup. `seen`: links of earlier emails, to wait past
 * (two emails sent within a second have the same date).
 */
export function keyLink(to: string, page: string, site: Site, seen: string[] = []): Promise<string> {
  const pattern = new RegExp(`${page}/?\\?key=[^\\s"'<>)&]+`)
  return vi.waitFor(
    async () => {
      const mails = (await emailsTo(to, site)).sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
      const link = mails.map((mail) => pattern.exec(mail.text ?? '')?.[0]).findLast((found) => found !== undefined && !seen.includes(found))
      if (!link) throw new Error(`no link to ${page} emailed to ${to} yet`)
      return link
    },
    { timeout: 10_000, interval: 100 },
  )
}

/** The join link of the latest invitation emailed to `to`. */
export const joinLink = (to: string, site: Site) => keyLink(to, urls.admin.join, site)

/** A person invited by an owner who accepted with `password` (as the API answers a browser): at the desk from now on. */
export async function joined(site: Site, ownerApi: APIRequestContext, person: { name: string; email: string; role: Role; password: string }) {
  await invite(ownerApi, { name: person.name, email: person.email, role: person.role })
  const key = new URL(await joinLink(person.email, site), site.url).searchParams.get('key')
  const browser = await site.browser.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } })
  const accepted = await browser.request.post(adminApi.people.accept.path, { data: { key, password: person.password } })
  expect(accepted.status()).toBe(201)
  await browser.close()
}

export const banner = (page: Page) => page.getByRole('banner')

/** `text` as a literal in a RegExp. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The admin bar names who is signed in, their name a link to their sessions, with their role (read, not shown,
 * on a phone): resolves once it says `name` and `role`.
 */
export async function signedInAs(page: Page, name: string, role: string) {
  await banner(page)
    .getByRole('link', { name: new RegExp(`^${escaped(name)} ?: ${escaped(ui.adminShell.sessions)}$`) })
    .waitFor()
  await banner(page).getByText(role, { exact: true }).waitFor({ state: 'attached' })
}

/** The authenticator app's code `steps` time steps (30 s) from now: the service takes a code once, and the next one early. */
export const appCode = (secret: string, steps = 0) => generate({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + 30 * steps })

/** An authenticator app set up through the API, as the Security screen does it: its secret and the recovery codes. */
export async function addAuthenticatorApp(api: APIRequestContext): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await api.post(adminApi.security.totpStart.path, { data: {} })
  expect(started.status()).toBe(200)
  const { secret } = (await started.json()) as TotpSetup
  const confirmed = await api.post(adminApi.security.totpConfirm.path, { data: { secret, code: await appCode(secret) } })
  expect(confirmed.status()).toBe(201)
  return { secret, ...((await confirmed.json()) as RecoveryCodes) }
}
