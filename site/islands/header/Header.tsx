import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ConsultationButton } from '../../components/ConsultationButton'
import type { NavLink } from '../../content/schemas'
import { useHydrated } from '../../forms/useHydrated'
import { cn } from '../../ui/cn'

export type HeaderProps = {
  isHome: boolean
  logoText: string
  links: NavLink[]
  labels: { homeLabel: string; getStarted: string; openMenu: string; closeMenu: string; mainNav: string }
}

// The home page's header is transparent over the hero and solid once the document is `data-scrolled`
// (markScrolled.ts, run by the client entry): CSS, so it needs no React.
const solidWhenScrolled = '[[data-scrolled]_&]:bg-background [[data-scrolled]_&]:text-foreground [[data-scrolled]_&]:shadow-md'
const hoverWhenScrolled = 'hover:bg-white/10 [[data-scrolled]_&]:hover:bg-secondary'

export default function Header({ isHome, logoText, links, labels }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const solid = !isHome || menuOpen
  const closeMenu = () => setMenuOpen(false)

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <header
      data-solid={solid ? '' : undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,color] duration-300',
        // Without JavaScript nothing would turn the home page's header solid past the hero: it is always solid.
        solid
          ? 'bg-background text-foreground shadow-md'
          : `bg-transparent text-white noscript:bg-background noscript:text-foreground noscript:shadow-md ${solidWhenScrolled}`,
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={labels.homeLabel} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-xl bg-gradient-to-br from-primary to-brand-900 text-white">
            {logoText.charAt(0)}
          </span>
          <span>{logoText}</span>
        </a>
        <nav aria-label={labels.mainNav} className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <a key={link.href} href={link.href} className={cn('rounded-md px-3 py-2 text-sm font-medium', solid ? 'hover:bg-secondary' : hoverWhenScrolled)}>
              {link.label}
            </a>
          ))}
          <ConsultationButton size="sm" className="ml-3">
            {labels.getStarted}
          </ConsultationButton>
        </nav>
        {hydrated ? (
          <button
            type="button"
            className={cn('grid h-11 w-11 place-items-center rounded-md lg:hidden', solid ? 'hover:bg-secondary' : hoverWhenScrolled)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? labels.closeMenu : labels.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        ) : (
          // Until hydrated, and without JavaScript, the same menu as a native disclosure.
          <details className="group lg:hidden">
            <summary className="grid h-11 w-11 cursor-pointer list-none place-items-center rounded-md hover:bg-secondary [&::-webkit-details-marker]:hidden">
              <span className="sr-only">{labels.openMenu}</span>
              <Menu aria-hidden="true" className="group-open:hidden" />
              <X aria-hidden="true" className="hidden group-open:block" />
            </summary>
            <MobileMenu id="mobile-menu" links={links} labels={labels} className="absolute inset-x-0 top-16" />
          </details>
        )}
      </div>
      {hydrated && <MobileMenu id="mobile-menu" links={links} labels={labels} hidden={!menuOpen} onChoose={closeMenu} />}
    </header>
  )
}

type MobileMenuProps = Pick<HeaderProps, 'links' | 'labels'> & { id: string; hidden?: boolean; className?: string; onChoose?: () => void }

/** The phone menu's items; choosing one closes the menu. */
function MobileMenu({ id, links, labels, hidden, className, onChoose }: MobileMenuProps) {
  return (
    <nav
      id={id}
      aria-label={labels.mainNav}
      hidden={hidden}
      className={cn('border-t border-border bg-background px-4 pb-6 pt-2 text-foreground shadow-md lg:hidden', className)}
    >
      <ul className="flex flex-col">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} onClick={onChoose} className="block rounded-md px-3 py-3 text-base font-medium hover:bg-secondary">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <ConsultationButton className="mt-3 w-full" onClick={onChoose}>
        {labels.getStarted}
      </ConsultationButton>
    </nav>
  )
}
