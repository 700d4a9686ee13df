import { personKey } from '../../contract/booking/person.js'
import type { ClientKeys } from '../clientNetwork.js'
import type { Config } from '../config.js'
import type { BookingCaps } from '../store/meetings.js'
import type { BookingRules } from './schedule.js'

/**
 * The caps of one booking (the store enforces them in its commit): content/booking.json's
 * `meetingsPerPerson` for the person of `email`, BOOKINGS_PER_ADDRESS_PER_DAY for the client of `ip` and
 * BOOKINGS_PER_NETWORK_PER_DAY for its network (clientNetwork.ts: an IPv6 /64 is one client, an IPv4 /24
 * or an IPv6 /56 one network), each by a keyed hash the booking keeps, never the address (`keys`, none
 * when the request's address is unknown).
 */
export function bookingCaps(config: Config, rules: BookingRules, email: string, keys: ClientKeys | undefined): BookingCaps {
  return {
    person: personKey(email),
    perPerson: rules.settings.meetingsPerPerson,
    ...(keys ? { clientKey: keys.client, networkKey: keys.network } : {}),
    perAddress: config.bookingsPerAddressPerDay,
    perNetwork: config.bookingsPerNetworkPerDay,
  }
}
