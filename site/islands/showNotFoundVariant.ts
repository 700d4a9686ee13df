import type { NotFoundVariant } from '../components/NotFound'
import { notFoundSectionOf } from '../../contract/wire/urls'

/** On 404.html, shows the not-found screen of the missing address's section (/service/…, /case-study/…). */
export function showNotFoundVariant(pathname = location.pathname) {
  const screens = document.querySelectorAll<HTMLElement>('[data-not-found-variant]')
  if (screens.length < 2) return
  const variant: NotFoundVariant = notFoundSectionOf(pathname) ?? 'page'
  for (const screen of screens) screen.hidden = screen.dataset.notFoundVariant !== variant
  const heading = document.querySelector(`[data-not-found-variant="${variant}"] h1`)
  if (heading) document.title = `${heading.textContent} | ${document.title.split(' | ').pop()}`
}
