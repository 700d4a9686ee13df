import { Slot } from 'radix-ui'
import { type ButtonVariants, buttonVariants } from './buttonVariants'
import { cn } from './cn'

type ButtonProps = React.ComponentProps<'button'> & ButtonVariants & { asChild?: boolean }

/**
 * A button in one of the variants. `asChild` styles its one child instead (a link that looks like a
 * button, or a Radix trigger), as shadcn/ui's Button does.
 */
export function Button({ variant, size, asChild = false, className, ...props }: ButtonProps) {
  const Element = asChild ? Slot.Root : 'button'
  return <Element {...props} className={cn(buttonVariants({ variant, size }), className)} />
}
