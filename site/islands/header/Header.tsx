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

/** Past this many pixels of scroll the home page's transparent header turns solid (SPEC §9). */
const SOLID_AFTER_PX = 50

function useScrolledPast(px: number, enabled: boolean) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    if (!enabled) return
    const update = () => setScrolled(window.scrollY > px)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [px, enabled])
  return scrolled
}

export default function Header({ isHome, logoText, links, labels }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const scrolled = useScrolledPast(SOLID_AFTER_PX, isHome)
  const solid = !isHome || scrolled || menuOpen
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
        solid ? 'bg-white text-slate-900 shadow-md' : 'bg-transparent text-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={labels.homeLabel} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-900 text-white">
            {logoText.charAt(0)}
          </span>
          <span>{logoText}</span>
        </a>
        <nav aria-label={labels.mainNav} className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <a key={link.href} href={link.href} className={cn('rounded-md px-3 py-2 text-sm font-medium', solid ? 'hover:bg-slate-100' : 'hover:bg-white/10')}>
              {link.label}
            </a>
          ))}
          <ConsultationButton size="sm" className="ml-3">{labels.getStarted}</ConsultationButton>
        </nav>
        <button
          type="button"
          className={cn('grid h-11 w-11 place-items-center rounded-md lg:hidden', solid ? 'hover:bg-slate-100' : 'hover:bg-white/10')}
          // Until the island has hydrated a tap could not open the menu.
          disabled={!hydrated}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? labels.closeMenu : labels.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <nav id="mobile-menu" aria-label={labels.mainNav} hidden={!menuOpen} className="border-t border-slate-200 bg-white px-4 pb-6 pt-2 text-slate-900 lg:hidden">
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} onClick={closeMenu} className="block rounded-md px-3 py-3 text-base font-medium hover:bg-slate-100">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <ConsultationButton className="mt-3 w-full" onClick={closeMenu}>{labels.getStarted}</ConsultationButton>
      </nav>
    </header>
  )
}
