import { cva, type VariantProps } from 'class-variance-authority'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from './cn'

const alertVariants = cva('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium', {
  variants: {
    variant: {
      success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
      destructive: 'border-red-300 bg-red-50 text-red-800',
    },
  },
  defaultVariants: { variant: 'destructive' },
})

type AlertProps = React.ComponentProps<'div'> & VariantProps<typeof alertVariants>

/**
 * A message the visitor cannot miss: failures are `role="alert"` (announced at once), successes
 * `role="status"` unless the caller asks otherwise.
 */
export function Alert({ variant, className, children, role, ...props }: AlertProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert
  return (
    <div role={role ?? (variant === 'success' ? 'status' : 'alert')} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  )
}
