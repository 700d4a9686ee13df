import { useState } from 'react'

/** Carousel page size: three cards at a time, services and testimonials alike. */
export const PAGE_SIZE = 3

/**
 * The start index moves by one with the arrows, is clamped to 0..total-PAGE_SIZE, and the dots
 * jump to page starts (0, 3, 6, … each clamped the same way).
 */
export function useCarousel(total: number) {
  const last = Math.max(0, total - PAGE_SIZE)
  const [start, setStart] = useState(0)
  const go = (index: number) => setStart(Math.min(Math.max(index, 0), last))
  const pageStarts = [...new Set(Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, page) => Math.min(page * PAGE_SIZE, last)))]
  return {
    start,
    end: Math.min(start + PAGE_SIZE, total),
    canPrevious: start > 0,
    canNext: start < last,
    previous: () => go(start - 1),
    next: () => go(start + 1),
    goTo: go,
    pageStarts,
  }
}
