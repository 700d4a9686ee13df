import { Copy } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { Alert } from '../ui/alert'
import { buttonVariants } from '../ui/buttonVariants'
import { useClipboard } from './useClipboard'

type CopyFieldProps = {
  id: string
  label: string
  /** What to copy; nothing to copy (the button disabled) while undefined. */
  value: string | undefined
  labels: { copy: string; copyFailed: string }
  /** Called once the value is on the clipboard (to announce it). */
  onCopied: () => void
  inputRef?: Ref<HTMLInputElement>
  /** More buttons beside Copy. */
  children?: ReactNode
}

/**
 * A secret to copy (the calendar feed's address, a new API token): read-only, selected whole when it
 * takes focus, and a Copy button; if the clipboard refuses, a line says to copy it by hand.
 */
export function CopyField({ id, label, value, labels, onCopied, inputRef, children }: CopyFieldProps) {
  const clipboard = useClipboard(onCopied)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-emphasis">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-3 lg:flex-row">
        <input
          id={id}
          ref={inputRef}
          readOnly
          value={value ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-input bg-muted px-3.5 py-2.5 font-mono text-sm text-foreground focus:border-ring focus:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
        />
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            type="button"
            onClick={() => value && void clipboard.copy(value)}
            disabled={!value}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
            {labels.copy}
          </button>
          {children}
        </div>
      </div>
      {clipboard.failed && <Alert className="mt-3">{labels.copyFailed}</Alert>}
    </div>
  )
}
