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
