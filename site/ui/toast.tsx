import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { cn } from './cn'

// Thin styled wrappers over Radix Toast. Its defaults are the site's constants: 5,000 ms on screen,
// swipe right past 50 px to dismiss, F8 focuses the notification region.

export const ToastProvider = ToastPrimitive.Provider

export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4',
        'focus-visible:ring-2 focus-visible:ring-brand-500',
        className,
      )}
      {...props}
    />
  )
}

const toastVariants = cva(
  'relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 text-left shadow-lg ' +
    'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform ' +
    'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>

export function Toast({ className, variant, ...props }: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root data-variant={variant ?? 'default'} className={cn(toastVariants({ variant }), className)} {...props} />
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('mt-1 text-sm opacity-90', className)} {...props} />
}

export function ToastClose({ label, className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close> & { label: string }) {
  return (
    <ToastPrimitive.Close
      className={cn(
        'absolute right-2 top-2 grid h-8 w-8 place-items-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{label}</span>
    </ToastPrimitive.Close>
  )
}
