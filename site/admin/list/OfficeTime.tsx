import type { ComponentProps } from 'react'
import { bookingZone } from '../../../contract/booking/booking'
import { formatDateTime } from './formatting'

type OfficeTimeProps = Omit<ComponentProps<'time'>, 'dateTime' | 'children'> & { at: string }

/**
 * An instant in the agency's own zone, named (the screen's zone note says which): what the office set up
 * or decided, not the browser's. '2025-07-14T15:00:00Z' -> 'Jul 14, 2025, 10:00 AM CDT'.
 */
export function OfficeTime({ at, ...props }: OfficeTimeProps) {
  return (
    <time dateTime={at} {...props}>
      {formatDateTime(at, 'short', bookingZone)}
    </time>
  )
}
