import { useEffect, useRef, useState } from 'react'
import type { UiStrings } from '../../content/ui'
import { buttonVariants } from '../../ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'
import { ConsultationForm } from './ConsultationForm'
import { listenForConsultationRequests, consultationClosed } from './openConsultation'

// Radix's title and description name and describe the dialog.
const dialogText = { Title: DialogTitle, Description: DialogDescription }

export type ConsultationDialogProps = { labels: UiStrings['consultation'] }

/** The site's one consultation dialog, opened by every consultation button (see openConsultation). */
export default function ConsultationDialog({ labels }: ConsultationDialogProps) {
  const [open, setOpen] = useState(false)
  // A fresh, empty form for every opening.
  const [opening, setOpening] = useState(0)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(
    () =>
      listenForConsultationRequests((button) => {
        opener.current = button
        setOpening((count) => count + 1)
        setOpen(true)
      }),
    [],
  )

  const close = () => {
    setOpen(false)
    consultationClosed()
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
    <Dialog open={open} onOpenChange={(next) => next || close()}>
      <DialogContent closeLabel={labels.close} onCloseAutoFocus={returnFocus} className="sm:max-w-2xl">
        <ConsultationForm
          key={opening}
          labels={labels}
          idPrefix="consultation"
          text={dialogText}
          withTitle
          cancel={<DialogClose className={buttonVariants({ variant: 'outline' })}>{labels.cancel}</DialogClose>}
          onDone={close}
        />
      </DialogContent>
    </Dialog>
  )
}
