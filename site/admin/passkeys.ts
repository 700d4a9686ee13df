import { adminApi } from '../../contract/wire/adminApi'
import { passkeyAddSchema, type PasskeyView } from '../../contract/wire/people'
import { apiJson, apiRequest } from '../forms/api'

// The two passkey ceremonies (WebAuthn, by @simplewebauthn/browser): the service's options, the browser's own
// dialog, the answer back with the ceremony's key. The library loads at the first click, so that the signed-out
// page carries none of it.
const webAuthn = () => import('@simplewebauthn/browser')

/** Whether this browser can use passkeys at all (false in the server's HTML). */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window

/**
 * The person closed the browser's dialog, or it timed out (WebAuthn says NotAllowedError for both, so that a page
 * cannot tell whether a passkey exists): nothing to report but that no passkey was used.
 */
export const passkeyDeclined = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

/** Signs this browser in with a passkey it holds (the service sets the session cookie). */
export async function signInWithPasskey(): Promise<void> {
  const [{ startAuthentication }, { options, key }] = await Promise.all([webAuthn(), apiJson(adminApi.passkeySignIn.options, { body: {} })])
  const response = await startAuthentication({ optionsJSON: options })
  await apiRequest(adminApi.passkeySignIn.verify, { body: { key, response: { ...response } } })
}

const nameRule = passkeyAddSchema.properties.name

/**
 * What is wrong with a passkey's name, in the contract's words, before the device makes a passkey that the
 * service would then refuse to keep (a blank name); undefined for a good one.
 */
export function passkeyNameProblem(name: string): string | undefined {
  if (name.length > nameRule.maxLength) return nameRule.errorMessage.maxLength
  return nameRule.allOf.find((rule) => !new RegExp(rule.pattern, 'u').test(name))?.errorMessage
}

/** Makes a passkey on this device for the person signed in, named `name` on their Security screen. */
export async function addPasskey(name: string): Promise<PasskeyView> {
  const [{ startRegistration }, { options, key }] = await Promise.all([webAuthn(), apiJson(adminApi.security.passkeyOptions, { body: {} })])
  const response = await startRegistration({ optionsJSON: options })
  return apiJson(adminApi.security.passkeyAdd, { body: { key, response: { ...response }, name } })
}
