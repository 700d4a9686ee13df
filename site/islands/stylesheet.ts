/**
 * A built page carries inline only the rules its own markup uses (builder/criticalCss.ts); the link to
 * the whole stylesheet waits, not yet fetched, in a `<template>` with this attribute.
 */
export const wholeStylesheetAttribute = 'data-whole-stylesheet'

let loaded: Promise<void> | undefined

/**
 * Adds the whole stylesheet to the page, once; resolves when it applies. Whatever changes the page's
 * look after load (an island, a menu, the scroll reveal) waits for this, since its rules may not be
 * inline. In development, and if the stylesheet fails to load, it resolves at once: the page keeps the
 * look it has.
 */
export function wholeStylesheet(): Promise<void> {
  loaded ??= Promise.all([...document.querySelectorAll<HTMLTemplateElement>(`template[${wholeStylesheetAttribute}]`)].map(add)).then(() => undefined)
  return loaded
}

function add(template: HTMLTemplateElement): Promise<void> {
  const link = template.content.querySelector('link')
  if (!link) return Promise.resolve()
  const applied = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
  })
  template.replaceWith(link)
  return applied
}
