import { cn } from '../ui/cn'

type SectionProps = React.ComponentProps<'section'> & { tone?: 'white' | 'muted' | 'dark' }

const tones = {
  white: 'bg-background text-foreground',
  muted: 'bg-muted text-foreground',
  dark: 'bg-brand-950 text-white',
}

/** A full-width band of a page with the shared horizontal rhythm. */
export function Section({ tone = 'white', className, children, ...props }: SectionProps) {
  return (
    <section className={cn('py-20 sm:py-24', tones[tone], className)} {...props}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  )
}

type SectionHeadingProps = {
  id?: string
  eyebrow?: string
  title: string
  text?: string
  tone?: 'light' | 'dark'
  align?: 'center' | 'start'
}

export function SectionHeading({ id, eyebrow, title, text, tone = 'light', align = 'center' }: SectionHeadingProps) {
  return (
    <div data-reveal className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && <p className={cn('text-sm font-semibold uppercase tracking-widest', tone === 'dark' ? 'text-accent' : 'text-brand-500')}>{eyebrow}</p>}
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {text && <p className={cn('mt-4 text-lg leading-8', tone === 'dark' ? 'text-on-dark' : 'text-muted-foreground')}>{text}</p>}
    </div>
  )
}
