/** Share of an element that must be visible before it animates in. */
const THRESHOLD = 0.1

/**
 * Scroll reveal for `[data-reveal]` elements: each animates once, the first time 10% of it is visible.
 * Content stays visible without JavaScript, and visitors who prefer reduced motion get no animation.
 */
export function revealOnScroll(root: Document = document) {
  if (!('IntersectionObserver' in window) || matchMedia('(prefers-reduced-motion: reduce)').matches) return
  const elements = root.querySelectorAll<HTMLElement>('[data-reveal]')
  if (elements.length === 0) return
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        ;(entry.target as HTMLElement).dataset.revealed = ''
        observer.unobserve(entry.target)
      }
    },
    { threshold: THRESHOLD },
  )
  // What is on screen already stays as it is (no fade out and in); the rest animates on arrival.
  const viewportHeight = window.innerHeight
  for (const element of elements) {
    if (element.getBoundingClientRect().top < viewportHeight) element.dataset.revealed = ''
    else observer.observe(element)
  }
  root.documentElement.classList.add('reveal-ready')
}
