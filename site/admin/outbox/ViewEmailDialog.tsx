import { Eye, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { format } from '../../content/ui'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../ui/dialog'
import type { OutboxLabels } from '../labels'
import { useEmailMessage } from './outboxQueries'

type ViewEmailDialogProps = {
  emailId: string
  /** The email's file in the local outbox folder. */
  file: string
  /** Its subject (or what it is, before the first attempt): the dialog's title. */
  name: string
  labels: Pick<OutboxLabels, 'view' | 'viewNamed' | 'viewText' | 'viewLoading' | 'viewFailed' | 'close'>
}

/** View: the email exactly as written to the outbox folder, headers and all, loaded when opened. */
export function ViewEmailDialog({ emailId, file, name, labels }: ViewEmailDialogProps) {
  const [open, setOpen] = useState(false)
  const message = useEmailMessage(emailId, open)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={format(labels.viewNamed, { name })}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          {labels.view}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={labels.close} className="max-w-3xl">
        <DialogTitle className="pr-10 text-xl text-brand-900 wrap-anywhere">{name}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground wrap-anywhere">{format(labels.viewText, { file })}</DialogDescription>
        {message.isPending ? (
          <p role="status" className="mt-6 flex items-center gap-3 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
            {labels.viewLoading}
          </p>
        ) : message.isError ? (
          <Alert className="mt-6">{labels.viewFailed}</Alert>
        ) : (
          <pre className="mt-6 whitespace-pre-wrap rounded-lg bg-muted p-4 font-mono text-xs leading-5 text-emphasis ring-1 ring-border wrap-anywhere">
            {message.data}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  )
}
