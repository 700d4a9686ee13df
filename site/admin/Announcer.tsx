import { useCallback, useEffect, useState, type Ref } from 'react'
import { Alert } from '../ui/alert'

/** How long a notice stays on screen. */
const NOTICE_MS = 6000

/** Where a notice leads: "Moved to Consultation requests: Pat Doe." then "Open the request". */
export type NoticeLink = { href: string; text: string }

type Notice = { text: string; key: number; link?: NoticeLink }

/**
 * The latest notice ("Status changed to Contacted") and a function to give one; each goes after a while,
 * or, `lasting`, stays until the next (a notice with a link the keyboard must have time to reach).
 */
export function useNotice({ lasting = false }: { lasting?: boolean } = {}) {
  const [notice, setNotice] = useState<Notice>()
  useEffect(() => {
    if (!notice || lasting) return
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice, lasting])
  const announce = useCallback((text: string, link?: NoticeLink) => setNotice({ text, key: Date.now(), ...(link ? { link } : {}) }), [])
  return [notice, announce] as const
}

type AnnouncerProps = {
  notice: Notice | undefined
  /** The notice's link, for focus to go to once what had it is gone. */
  linkRef?: Ref<HTMLAnchorElement>
}

/**
 * A polite live region that is in the page before anything is said in it (screen readers often
 * skip a region that arrives with its text), showing the latest notice.
 */
export function Announcer({ notice, linkRef }: AnnouncerProps) {
  return (
    <div role="status">
      {notice && (
        <Alert key={notice.key} variant="success" role="none">
          {notice.text}
          {notice.link && (
            <>
              {' '}
              <a
                ref={linkRef}
                href={notice.link.href}
                className="underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {notice.link.text}
              </a>
            </>
          )}
        </Alert>
      )}
    </div>
  )
}
