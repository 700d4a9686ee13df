import { cva, type VariantProps } from 'class-variance-authority'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from './cn'

const alertVariants = cva('flex items-start gap-3 rounded-lg border px-4 py-3 font-medium', {
  variants: {
    variant: {
      success: 'border-success-border bg-success-subtle text-success-strong',
      destructive: 'border-destructive-border bg-destructive-subtle text-destructive-strong',
    },
    /** 'md' where the message is the page's main news (the unsubscribe outcome). */
    size: {
      sm: 'text-sm',
      md: 'text-base leading-7',
    },
  },
  defaultVariants: { variant: 'destructive', size: 'sm' },
})

type AlertProps = React.ComponentProps<'div'> & VariantProps<typeof alertVariants>

/**
 * A message the visitor cannot miss: failures are `role="alert"` (announced at once), successes
 * `role="status"` unless the caller asks otherwise.
 */
export function Alert({ variant, size, className, children, role, ...props }: AlertProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert
  return (
    <div role={role ?? (variant === 'success' ? 'status' : 'alert')} className={cn(alertVariants({ variant, size }), className)} {...props}>
      <Icon aria-hidden="true" className={cn('shrink-0', size === 'md' ? 'mt-1 h-5 w-5' : 'mt-0.5 h-4 w-4')} />
      <div>{children}</div>
    </div>
  )
}
