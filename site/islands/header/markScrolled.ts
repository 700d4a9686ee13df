/** Past this many pixels of scroll the home page's transparent header turns solid. */
export const SOLID_AFTER_PX = 50

/**
 * Marks the document `data-scrolled` while it is scrolled past SOLID_AFTER_PX; the home page's header
 * turns solid on it in CSS. From the client entry, so the header works before React is loaded: the header
 * island itself hydrates only at idle or the visitor's first contact with it.
 */
export function markScrolled() {
  const update = () => document.documentElement.toggleAttribute('data-scrolled', window.scrollY > SOLID_AFTER_PX)
  update()
  window.addEventListener('scroll', update, { passive: true })
}
