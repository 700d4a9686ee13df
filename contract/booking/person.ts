/**
 * One person's address, however it is written: letter case aside, without a `+tag`, and for Gmail
 * without the dots it ignores (`Ann.Lee+ads@GoogleMail.com` -> `annlee@gmail.com`). The booking's
 * per-person cap, the block list and the per-recipient email cap compare addresses by it.
 *
 *     personKey(' Ann.Lee+web@Gmail.com ') // 'annlee@gmail.com'
 *     personKey('ann.lee+web@example.com') // 'ann.lee@example.com'
 */
export function personKey(email: string): string {
  const address = email.trim().toLowerCase()
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
