import { buttonVariants, type ButtonVariants } from '../ui/buttonVariants'
import { cn } from '../ui/cn'
import { urls } from '../../contract/wire/urls'

type ConsultationButtonProps = React.ComponentProps<'a'> & ButtonVariants

/**
 * Every consultation call to action. Without JavaScript it leads to the consultation page; once the
 * page's script runs, a click opens the consultation dialog instead (site/islands/consultation).
 * A link in the button variants, not `<Button asChild>`: the header island renders it on every page,
 * and Radix's Slot would add 1.3 kB gzip to each.
 */
export function ConsultationButton({ variant, size, className, ...props }: ConsultationButtonProps) {
  return <a href={urls.consultation} data-consultation="" aria-haspopup="dialog" className={cn(buttonVariants({ variant, size }), className)} {...props} />
}
