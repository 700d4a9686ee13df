import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from '../ui/cn'

type SignedOutCardProps = {
  title: string
  /** The line under the title. */
  text?: string
  /** The card replaced what had focus (a form sent): its title takes it, and is read. */
  focusTitle?: boolean
  /** 'lg' for a card that explains rather than asks (a link that no longer works). */
  width?: 'md' | 'lg'
  children: ReactNode
}

/** A signed-out step of the desk, as one card in the middle of the page: signing in, joining, a password reset. */
export function SignedOutCard({ title, text, focusTitle = false, width = 'md', children }: SignedOutCardProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusTitle) heading.current?.focus()
  }, [focusTitle])
  return (
    <section
      aria-labelledby={id}
      className={cn('mx-auto rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border sm:p-8', width === 'md' ? 'max-w-md' : 'max-w-lg')}
    >
      <h2 id={id} ref={heading} tabIndex={focusTitle ? -1 : undefined} className="text-xl font-bold text-brand-900 outline-none wrap-anywhere">
        {title}
      </h2>
      {text && <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>}
      {children}
    </section>
  )
}
