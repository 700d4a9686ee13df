import { hasConsultationDialog, openConsultation } from './openConsultation'

/**
 * Every consultation call to action is `<a href="/#contact" data-consultation>` (ConsultationButton):
 * a link to the contact form without JavaScript, the dialog with it. One listener on the document
 * covers buttons in the static HTML and in islands alike. Modified clicks keep opening the link.
 */
export function interceptConsultationButtons() {
  if (!hasConsultationDialog()) return
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consultation]') : null
    if (!button) return
    event.preventDefault()
    openConsultation(button)
  })
}
