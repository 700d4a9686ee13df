import { notFoundPrefixes, type NotFoundVariant } from '../components/notFoundVariants'

/** On 404.html, shows the not-found screen for the missing path's prefix (/service/, /case-study/). */
export function showNotFoundVariant(pathname = location.pathname) {
  const screens = document.querySelectorAll<HTMLElement>('[data-not-found-variant]')
  if (screens.length < 2) return
  const entries = Object.entries(notFoundPrefixes) as [NotFoundVariant, string][]
  const [variant] = entries.filter(([, prefix]) => pathname.startsWith(prefix)).sort((a, b) => b[1].length - a[1].length)[0]!
  for (const screen of screens) screen.hidden = screen.dataset.notFoundVariant !== variant
  const heading = document.querySelector(`[data-not-found-variant="${variant}"] h1`)
  if (heading) document.title = `${heading.textContent} | ${document.title.split(' | ').pop()}`
}
