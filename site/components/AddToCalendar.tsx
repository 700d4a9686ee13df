import { CalendarPlus } from 'lucide-react'
import { useId } from 'react'
import type { UiStrings } from '../content/ui'
import { Button } from '../ui/button'
import { cn } from '../ui/cn'

export type AddToCalendarLabels = Pick<UiStrings['consultation'], 'addToCalendar' | 'calendarGoogle' | 'calendarOutlook' | 'calendarIcs'>

/** The name the downloaded file takes. */
export const calendarFileName = 'consultation.ics'

type AddToCalendarProps = {
  labels: AddToCalendarLabels
  /** Google's and Outlook's "add an event" addresses, and the `.ics` (a data: address); contract/booking/calendarLinks.ts, calendarFile.ts. */
  google: string
  outlook: string
  ics: string
  /** Centred under a thank-you; at the start in the recap card. */
  align?: 'center' | 'start'
  className?: string
}

/**
 * "Add to calendar" under the thank-you: Google Calendar and Outlook on the web take the entry by
 * address (in a new tab), every other calendar the `.ics`. The dialog's thank-you, the recap left on
 * the page, and the thank-you page without JavaScript (where the forms service writes the addresses).
 */
export function AddToCalendar({ labels, google, outlook, ics, align = 'center', className }: AddToCalendarProps) {
  const heading = useId()
  const justify = align === 'center' ? 'justify-center' : 'justify-start'
  return (
    <div className={cn('mt-4', className)}>
      <p id={heading} className={cn('flex items-center gap-1.5 text-sm font-medium text-emphasis', justify)}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        {labels.addToCalendar}
      </p>
      <ul aria-labelledby={heading} className={cn('mt-2 flex flex-wrap gap-2', justify)}>
        <li>
          <Button asChild variant="outline" size="sm" className="min-h-11">
            <a href={google} target="_blank" rel="noopener noreferrer">
              {labels.calendarGoogle}
            </a>
          </Button>
        </li>
        <li>
          <Button asChild variant="outline" size="sm" className="min-h-11">
            <a href={outlook} target="_blank" rel="noopener noreferrer">
              {labels.calendarOutlook}
            </a>
          </Button>
        </li>
        <li>
          <Button asChild variant="outline" size="sm" className="min-h-11">
            <a href={ics} download={calendarFileName}>
              {labels.calendarIcs}
            </a>
          </Button>
        </li>
      </ul>
    </div>
  )
}
