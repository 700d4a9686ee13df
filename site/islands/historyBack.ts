/**
 * Buttons that take the visitor back a page (`data-history-back`, hidden in the HTML): the form error
 * page's "Go back to the form". Shown only when script runs and there is a page to go back to.
 */
export function enableHistoryBack() {
  if (history.length < 2) return
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-history-back]')) {
    button.hidden = false
    button.addEventListener('click', () => history.back())
  }
}
