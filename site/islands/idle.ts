/**
 * Runs `run` once the page has loaded and the browser is idle (within 4 s of that at the latest), or
 * soon where it cannot tell idleness.
 */
export function whenIdle(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 4000 }) : setTimeout(run, 200))
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}
