import type { Site } from '../content/schemas'
import { cn } from '../ui/cn'
import { SocialIcon } from './SocialIcon'

type SocialLinksProps = { links: Site['social']; label?: string; tone: 'onDark' | 'onLight'; className?: string }

/** The agency's social profiles as round icon links (footer and contact section). */
export function SocialLinks({ links, label, tone, className }: SocialLinksProps) {
  return (
    <ul className={cn('flex gap-3', className)} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            aria-label={link.label}
            rel="noopener"
            className={cn(
              'grid h-11 w-11 place-items-center rounded-full text-white',
              tone === 'onDark' ? 'bg-white/10 hover:bg-white/20' : 'bg-brand-900 hover:bg-primary-strong',
            )}
          >
            <SocialIcon network={link.icon} className="h-5 w-5" />
          </a>
        </li>
      ))}
    </ul>
  )
}
