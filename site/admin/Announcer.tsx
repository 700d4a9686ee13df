import { useCallback, useEffect, useState } from 'react'
import { Alert } from '../ui/alert'

/** How long a notice stays on screen. */
const NOTICE_MS = 6000

type Notice = { text: string; key: number }

/** The latest notice ("Status changed to Contacted") and a function to give one; each goes after a while. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice>()
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
  const announce = useCallback((text: string) => setNotice({ text, key: Date.now() }), [])
  return [notice, announce] as const
}

/**
 * A polite live region that is in the page before anything is said in it (screen readers often
 * skip a region that arrives with its text), showing the latest notice.
 */
export function Announcer({ notice }: { notice: Notice | undefined }) {
  return (
    <div role="status">
      {notice && (
        <Alert key={notice.key} variant="success" role="none">
          {notice.text}
        </Alert>
      )}
    </div>
  )
}
