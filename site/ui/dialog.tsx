import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { cn } from './cn'

// Thin styled wrappers over Radix Dialog: focus trap, Escape, focus return and ARIA come from Radix.
// Title and description carry only their shared type style; each dialog sets size and colour.

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** The dimmed backdrop, shared with the alert dialog. */
export const overlayClassName = 'fixed inset-0 z-50 bg-inverse/70 backdrop-blur-sm'

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay data-slot="dialog-overlay" className={cn(overlayClassName, className)} {...props} />
}

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Accessible name of the corner close button. */
  closeLabel: string
  /** 'onDark' when the corner of the content is a dark banner. */
  closeTone?: 'onLight' | 'onDark'
  /** Without the default padding, for content with its own full-bleed sections. */
  flush?: boolean
  overlayClassName?: string
}

export function DialogContent({ className, children, closeLabel, closeTone = 'onLight', flush = false, overlayClassName, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay className={overlayClassName} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl bg-card text-foreground shadow-2xl outline-none',
          !flush && 'p-6 sm:p-8',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className={cn(
            'absolute right-3 top-3 grid h-10 w-10 place-items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2',
            closeTone === 'onDark'
              ? 'text-white hover:bg-white/15 focus-visible:outline-white'
              : 'text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-brand-500',
          )}
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn('font-bold tracking-tight', className)} {...props} />
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description data-slot="dialog-description" className={cn('leading-6', className)} {...props} />
}
