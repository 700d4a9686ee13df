import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useId } from 'react'
import { format } from '../../content/ui'
import { cn } from '../../ui/cn'
import { PAGE_SIZE, useCarousel } from './useCarousel'

export type CarouselLabels = { counter: string; previous: string; next: string; goToPage: string }

type CarouselProps<T> = {
  label: string
  items: T[]
  labels: CarouselLabels
  renderItem: (item: T) => React.ReactNode
  itemKey: (item: T) => string
  /** Dark sections need light controls. */
  tone?: 'light' | 'dark'
}

/** Three items at a time with arrows, page dots and a live "Showing x-y of n" counter. */
export function Carousel<T>({ label, items, labels, renderItem, itemKey, tone = 'light' }: CarouselProps<T>) {
  const carousel = useCarousel(items.length)
  const counterId = useId()
  const counter = format(labels.counter, { from: carousel.start + 1, to: carousel.end, total: items.length })
  const arrow = cn(
    'grid h-11 w-11 place-items-center rounded-full border transition disabled:cursor-not-allowed disabled:opacity-40',
    tone === 'dark' ? 'border-white/30 text-white hover:bg-white/10' : 'border-input bg-background text-emphasis hover:bg-secondary',
  )
  return (
    <section aria-roledescription="carousel" aria-label={label} aria-describedby={counterId}>
      <ul className="grid gap-6 md:grid-cols-3">
        {items.slice(carousel.start, carousel.start + PAGE_SIZE).map((item) => (
          <li key={itemKey(item)} className="flex" aria-roledescription="slide">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p id={counterId} aria-live="polite" className={cn('text-sm font-medium', tone === 'dark' ? 'text-on-dark' : 'text-muted-foreground')}>
          {counter}
        </p>
        <div className="flex items-center gap-3">
          <button type="button" className={arrow} onClick={carousel.previous} disabled={!carousel.canPrevious} aria-label={labels.previous}>
            <ChevronLeft aria-hidden="true" />
          </button>
          <div className="flex items-center">
            {carousel.pageStarts.map((pageStart) => {
              const current = pageStart === carousel.start
              return (
                <button
                  key={pageStart}
                  type="button"
                  onClick={() => carousel.goTo(pageStart)}
                  aria-label={format(labels.goToPage, { from: pageStart + 1, to: Math.min(pageStart + PAGE_SIZE, items.length) })}
                  aria-current={current ? 'true' : undefined}
                  className="grid h-11 w-8 place-items-center"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block h-2.5 rounded-full transition-all',
                      current ? 'w-6' : 'w-2.5',
                      tone === 'dark' ? (current ? 'bg-white' : 'bg-white/40') : current ? 'bg-primary' : 'bg-border-strong',
                    )}
                  />
                </button>
              )
            })}
          </div>
          <button type="button" className={arrow} onClick={carousel.next} disabled={!carousel.canNext} aria-label={labels.next}>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  )
}
