import { Gift } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Offer } from '../../content/schemas'
import { Button } from '../../ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'
import { listen, send } from '../channel'
import { markShownThisSession } from './offerSchedule'

export type OfferPopupProps = { offer: Offer }

/**
 * The limited-offer popup: 10 s after load, once per session, never after the offer's end date
 * (checked in the browser by scheduleOfferPopup: the HTML is built long before the offer ends).
 * Claim Now hands over to the consultation dialog.
 */
export default function OfferPopup({ offer }: OfferPopupProps) {
  const [open, setOpen] = useState(false)
  const claimed = useRef(false)

  // The client entry mounts this island only when the offer is due on this page (running, not yet
  // shown this session, 10 s after load, see scheduleOfferPopup), and opens it once the consultation
  // dialog is closed: a visitor busy with that form sees the offer after.
  useEffect(() => {
    const stop = listen('offer:open', () => {
      markShownThisSession()
      setOpen(true)
    })
    send('offer:ready')
    return stop
  }, [])

  const claim = () => {
    claimed.current = true
    setOpen(false)
  }

  // The consultation dialog opens once this one has let go of focus, so the two never fight over it.
  const afterClose = (event: Event) => {
    if (!claimed.current) return
    claimed.current = false
    event.preventDefault()
    send('consultation:open', { opener: null })
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent closeLabel={offer.closeLabel} closeTone="onDark" onCloseAutoFocus={afterClose} flush>
        <div className="bg-gradient-to-br from-brand-900 to-brand-500 px-6 pb-6 pt-8 text-white sm:px-8">
          <span className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wide text-accent-foreground">
            <Gift aria-hidden="true" className="h-4 w-4" />
            {offer.badge}
          </span>
          <DialogTitle className="mt-4 pr-8 text-2xl text-white">{offer.title}</DialogTitle>
        </div>
        <div className="px-6 pb-6 pt-5 sm:px-8 sm:pb-8">
          <DialogDescription className="text-base text-body">{offer.text}</DialogDescription>
          <p className="mt-3 rounded-lg bg-accent/15 px-4 py-3 text-sm font-medium text-emphasis">{offer.bonus}</p>
          <Button type="button" onClick={claim} variant="accent" size="lg" className="mt-6 w-full">
            {offer.claimLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
