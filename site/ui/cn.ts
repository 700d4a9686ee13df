import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/**
 * Joins class names. Where the HTML is made (the server render of every page), of two Tailwind classes
 * for the same property it keeps the later, so a caller's `className` overrides a component's default;
 * the theme's role colours (site/styles/global.css) need no configuration, as tailwind-merge reads any
 * name after `text-`, `bg-`… as a colour unless it is a size.
 *
 * In the browser it only joins: tailwind-merge knows every Tailwind class, 8.5 kB gzip on every page,
 * which the page-weight budgets do not allow. So an island's classes must not rely on a merge (an island
 * is rendered on the server, then again in the browser): where they would, React's hydration warning in
 * `npm run dev` names the element.
 */
export const cn = (...classes: ClassValue[]) => (import.meta.env.SSR ? twMerge(clsx(classes)) : clsx(classes))
