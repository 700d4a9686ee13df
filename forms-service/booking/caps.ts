import { createHmac } from 'node:crypto'
import { personKey } from '../../contract/booking/person.js'
import type { Config } from '../config.js'
import type { BookingCaps } from '../store/meetings.js'
import type { BookingRules } from './schedule.js'

/**
 * The client address as the booking keeps it: an HMAC with the service's secret, never the address. The
 * per-address cap compares these; a copy of the data tells no one where a visitor was, and a new secret
 * starts every count afresh.
 */
export const clientKey = (secret: string, ip: string): string => createHmac('sha256', secret).update(`client-address:${ip}`).digest('base64url')

/**
 * The caps of one booking (the store enforces them in its commit): content/booking.json's
 * `meetingsPerPerson` for the person of `email`, and BOOKINGS_PER_ADDRESS_PER_DAY for the client address
 * `ip` (`ctx.ip`, which reads X-Forwarded-For only with TRUST_PROXY).
 */
export function bookingCaps(config: Config, rules: BookingRules, email: string, ip: string): BookingCaps {
  return {
    person: personKey(email),
    perPerson: rules.settings.meetingsPerPerson,
    ...(ip ? { clientKey: clientKey(config.unsubscribeSecret!, ip) } : {}),
    perAddress: config.bookingsPerAddressPerDay,
  }
}
