/**
 * One person's address, however it is written, folded as the mailer will deliver it: Unicode
 * compatibility forms as their plain letters (`ａｎｎ＠ｅｘａｍｐｌｅ．ｃｏｍ`), the domain as IDNA's ASCII
 * (UTS #46, as the WHATWG URL parser and `node:url`'s `domainToASCII` read a host: `example。com`,
 * `bücher.de` -> `xn--bcher-kva.de`) without a trailing dot or repeated dots, letter case aside, without a
 * `+tag`, and for Gmail without the dots it ignores (`Ann.Lee+ads@GoogleMail.com` -> `annlee@gmail.com`).
 * The booking's per-person cap ("one person, one meeting"), the block list and the email caps compare
 * addresses by it, so no spelling the mailer sends to one mailbox counts as another person.
 *
 *     personKey(' Ann.Lee+web@Gmail.com ') // 'annlee@gmail.com'
 *     personKey('ann.lee+web@example.com') // 'ann.lee@example.com'
 *     personKey('ann@ｅxample.com.') // 'ann@example.com'
 */
export function personKey(email: string): string {
  const address = mailboxAddress(email).toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}

/**
 * The address as the service writes to it: in plain letters (NFKC), its domain as DNS is asked for it
 * (asciiDomain), the local part otherwise as typed (a mail server may tell its letter cases apart). What
 * the caps count (personKey) is then what the mail server receives: a trailing dot or a full-width letter
 * neither escapes a cap nor gets an address refused, and suppressed for every spelling, by the server.
 *
 *     mailboxAddress(' Ann@ｅxample.com. ') // 'Ann@example.com'
 */
export function mailboxAddress(email: string): string {
  const address = email.normalize('NFKC').trim()
  const at = address.lastIndexOf('@')
  return at < 0 ? address : `${address.slice(0, at)}@${asciiDomain(address.slice(at + 1))}`
}

/**
 * A mail domain as DNS is asked for it. The URL parser's host is UTS #46 (the ideographic full stop a dot,
 * a soft hyphen gone, letters mapped), in the browser and in Node alike; what it refuses stays as written
 * (no mailer delivers to it). Empty labels mean nothing to DNS: `example..com.` is `example.com`.
 */
function asciiDomain(domain: string): string {
  let host = domain
  try {
    host = new URL(`http://${domain}/`).hostname
  } catch {
    // Not a host at all (a blank, a slash): compared as written.
  }
  return host.toLowerCase().split('.').filter(Boolean).join('.')
}

/**
 * One person's phone, however it is written: its digits, without the leading 1 of an 11-digit US number
 * (`+1 214 555 0142`, `(214) 555-0142` and `214.555.0142` are `2145550142`). Fewer than 7 digits name
 * nobody: '' (never matched).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return national.length >= 7 ? national : ''
}

/** What makes records one person: the same folded address (personKey) or the same phone (phoneKey). */
export interface PersonKeys {
  email: string
  phone: string
}

export const personKeysOf = (record: { email: string; phone: string }): PersonKeys => ({ email: personKey(record.email), phone: phoneKey(record.phone) })
