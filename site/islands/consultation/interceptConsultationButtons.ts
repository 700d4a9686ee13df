import { send } from '../channel'

/**
 * Every consultation call to action is `<a href="/consultation" data-consultation>` (ConsultationButton):
 * a link to the consultation page without JavaScript, the dialog with it. One listener on the document
 * covers buttons in the static HTML and in islands alike. Modified clicks keep opening the link.
 */
export function interceptConsultationButtons() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consultation]') : null
    if (!button) return
    event.preventDefault()
    send('consultation:open', { opener: button })
  })
  // A visitor about to click: the dialog can load now, so that it opens at once.
  const prepare = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-consultation]')) send('consultation:prepare')
  }
  document.addEventListener('pointerover', prepare, { passive: true })
  document.addEventListener('focusin', prepare)
}
