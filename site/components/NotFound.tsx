import { SearchX } from 'lucide-react'
import type { NavLink } from '../content/schemas'
import { Button } from '../ui/button'
import { notFoundSections } from '../../contract/wire/urls'
import { PagePanel } from './PagePanel'

/** The site's not-found screen, then each section's own. */
export const notFoundVariants = ['page', ...notFoundSections] as const
export type NotFoundVariant = (typeof notFoundVariants)[number]

export type NotFoundScreen = { heading: string; text: string; link: NavLink }

/** `variant` marks the screen for showNotFoundVariant, on the page that holds them all. */
type NotFoundProps = NotFoundScreen & { variant?: NotFoundVariant; hidden?: boolean }

export function NotFound({ heading, text, link, variant, hidden }: NotFoundProps) {
  return (
    <PagePanel data-not-found-variant={variant} hidden={hidden} className="text-center">
      <SearchX aria-hidden="true" className="mx-auto h-14 w-14 text-brand-500" />
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-foreground sm:text-5xl">{heading}</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{text}</p>
      <Button asChild className="mt-8">
        <a href={link.href}>{link.label}</a>
      </Button>
    </PagePanel>
  )
}
