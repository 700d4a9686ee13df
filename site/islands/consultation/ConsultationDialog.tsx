import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { consultationServices } from '../../../contract/forms/options'
import type { UiStrings } from '../../content/ui'
import { Button } from '../../ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'
import { listen, send } from '../channel'
import type { PlaceChoice } from '../../../contract/booking/meetingPlace'
import { ConsultationForm, emptyConsultation, type ConsultationValues } from './ConsultationForm'
import { bookedMeetingOf, type BookedMeeting } from './MeetingRecap'
import { RecapCard } from './RecapCard'

// Radix's title and description name and describe the dialog.
const dialogText = { Title: DialogTitle, Description: DialogDescription }

export type ConsultationDialogProps = { labels: UiStrings['consultation']; closedDays: readonly string[]; siteName: string; places: PlaceChoice[] }

/** The service a button asks for (`data-service="automation"` on a service page), if it is one of the consultation options. */
function requestedService(button: HTMLElement | null): string | undefined {
  const service = button?.dataset.service
  return consultationServices.some((option) => option.value === service) ? service : undefined
}

/**
 * The site's one consultation dialog, opened by every consultation button ('consultation:open', channel.ts).
 * What was typed is kept while it is closed (Escape, Cancel, a click outside) and reopened with it,
 * until the request is sent or the page is left. Once the thank-you has closed itself (SPEC: after 3 s),
 * the booked time stays on the page in a recap card the visitor dismisses.
 */
export default function ConsultationDialog({ labels, closedDays, siteName, places }: ConsultationDialogProps) {
  const [open, setOpen] = useState(false)
  const [booked, setBooked] = useState<BookedMeeting | null>(null)
  // The form mounts afresh at every opening, from the draft.
  const [opening, setOpening] = useState(0)
  const draft = useRef<ConsultationValues>(emptyConsultation)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const stop = listen('consultation:open', ({ opener: button }) => {
      opener.current = button
      const service = requestedService(button)
      if (service) draft.current = { ...draft.current, serviceInterest: service }
      // Open within the click that asked, as a React button's click would: React gives an event it does
      // not know (the channel's) a lower priority than a click, which would leave the dialog for a later task.
      flushSync(() => {
        setOpening((count) => count + 1)
        setOpen(true)
      })
    })
    send('consultation:ready')
    return stop
  }, [])

  const close = () => {
    setOpen(false)
    send('consultation:closed')
  }

  const returnFocus = (event: Event) => {
    const button = opener.current
    // A button inside a menu that has closed meanwhile cannot take focus; Radix's default then applies.
    if (button?.isConnected && (typeof button.checkVisibility !== 'function' || button.checkVisibility())) {
      event.preventDefault()
      button.focus()
    }
  }

  return (
    <>
      <RecapCard labels={labels} meeting={open ? null : booked} siteName={siteName} onDismiss={() => setBooked(null)} />
      <Dialog open={open} onOpenChange={(next) => next || close()}>
        <DialogContent closeLabel={labels.close} onCloseAutoFocus={returnFocus} className="sm:max-w-2xl">
          <ConsultationForm
            key={opening}
            labels={labels}
            idPrefix="consultation"
            text={dialogText}
            withTitle
            closedDays={closedDays}
            places={places}
            draft={draft.current}
            onDraftChange={(values) => (draft.current = values)}
            siteName={siteName}
            onSent={(answer) => {
              draft.current = emptyConsultation
              setBooked(bookedMeetingOf(answer))
            }}
            cancel={
              <DialogClose asChild>
                <Button variant="outline">{labels.cancel}</Button>
              </DialogClose>
            }
            onDone={close}
          />
        </DialogContent>
      </Dialog>
    </>
  )
}
