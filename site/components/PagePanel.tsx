import { cn } from '../ui/cn'

/** A page that is one short message (not found, thanks, a problem): centred under the fixed header. */
export function PagePanel({ className, children, ...props }: React.ComponentProps<'section'>) {
  return (
    <section className={cn('grid min-h-[70vh] place-items-center bg-muted px-4 pb-20 pt-36', className)} {...props}>
      <div className="w-full max-w-xl">{children}</div>
    </section>
  )
}
