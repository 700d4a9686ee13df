import { formatMeeting, visitorZoneOf } from '../../contract/booking/booking'
import { format } from '../content/ui'
import { cn } from '../ui/cn'

type Times = { start: string; end: string }

/** The box the thank-you's recap of the meeting sits in (the dialog's, and the page's without JavaScript). */
export const meetingRecapClass = 'mt-4 rounded-lg bg-secondary px-4 py-2 text-base font-medium text-brand-900'

type MeetingWhenProps = {
  meeting: Times
  /** The browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); none in server HTML. */
  visitorZone: string | undefined
  /** 'Your time: {time}'. */
  localLabel: string
  className?: string
  localClassName?: string
  /** A cancelled meeting: its time is struck through. */
  struck?: boolean
}

/**
 * A meeting's exact time in Dallas ('Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)'),
 * and under it the same in the visitor's own zone when that reads differently.
 */
export function MeetingWhen({ meeting, visitorZone, localLabel, className, localClassName, struck = false }: MeetingWhenProps) {
  const zone = visitorZoneOf(meeting, visitorZone)
  return (
    <>
      <span className={cn('block', struck && 'line-through', className)}>
        <time dateTime={meeting.start}>{formatMeeting(meeting)}</time>
      </span>
      {zone && <span className={cn('mt-1 block', struck && 'line-through', localClassName)}>{format(localLabel, { time: formatMeeting(meeting, zone) })}</span>}
    </>
  )
}
