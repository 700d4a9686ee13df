import { X } from 'lucide-react'
import { useId } from 'react'
import { AddToCalendar } from '../../components/AddToCalendar'
import { MeetingWhen } from '../../components/MeetingWhen'
import { Button } from '../../ui/button'
import { calendarOf, type BookedMeeting, type RecapLabels } from './MeetingRecap'

type RecapCardProps = {
  labels: RecapLabels & { recapTitle: string; recapDismiss: string }
  /** The meeting just booked, once the dialog has closed; null shows nothing. */
  meeting: BookedMeeting | null
  siteName: string
  onDismiss: () => void
}

/**
 * What stays of the thank-you once the dialog has closed itself: the exact time and Add to calendar,
 * in a card at the foot of the page until the visitor dismisses it. Its region is there before the card,
 * so the card is announced politely when it appears; it takes no focus (that returns to the button
 * that opened the dialog).
 */
export function RecapCard({ labels, meeting, siteName, onDismiss }: RecapCardProps) {
  const title = useId()
  return (
    <div role="status">
      {meeting && (
        <section
          aria-labelledby={title}
          className="fixed inset-x-3 bottom-3 z-40 rounded-2xl bg-card p-4 pr-12 shadow-lg ring-1 ring-border sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[26rem]"
        >
          <h2 id={title} className="text-base font-semibold text-brand-900">
            {labels.recapTitle}
          </h2>
          <p className="mt-1 text-base font-medium text-brand-900">
            <MeetingWhen
              meeting={meeting}
              visitorZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
              localLabel={labels.successLocal}
              localClassName="text-sm font-normal text-body"
            />
          </p>
          <AddToCalendar labels={labels} align="start" className="mt-3" {...calendarOf(meeting, labels, siteName)} />
          <Button variant="outline" size="iconSm" className="absolute top-2 right-2 h-11 w-11 border-0" aria-label={labels.recapDismiss} onClick={onDismiss}>
            <X aria-hidden="true" className="h-5 w-5" />
          </Button>
        </section>
      )}
    </div>
  )
}
