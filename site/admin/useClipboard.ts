import { useState } from 'react'

/**
 * Copies text to the clipboard: `copy` resolves once it is there (then `onCopied`), and `failed` says that the
 * browser refused (no permission, no secure context), for a line that says to copy it by hand.
 */
export function useClipboard(onCopied: () => void) {
  const [failed, setFailed] = useState(false)
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setFailed(false)
      onCopied()
    } catch {
      setFailed(true)
    }
  }
  return { copy, failed }
}
