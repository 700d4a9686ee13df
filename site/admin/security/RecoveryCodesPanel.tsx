import { Copy, Download } from 'lucide-react'
import { useEffect, useId, type RefObject } from 'react'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { downloadFile } from '../downloadFile'
import type { SecurityLabels } from '../labels'
import { useClipboard } from '../useClipboard'

type RecoveryCodesPanelProps = {
  codes: string[]
  headingRef: RefObject<HTMLHeadingElement | null>
  announce: (text: string) => void
  /** The person saved them: the panel goes, and the codes with it, for good. */
  onDone: () => void
  labels: SecurityLabels
}

/**
 * New recovery codes, the only time they are shown: the panel takes focus, so that a screen reader reads that
 * they must be saved now, with Copy (one a line), Download (a text file) and "I have saved them".
 */
export function RecoveryCodesPanel({ codes, headingRef, announce, onDone, labels }: RecoveryCodesPanelProps) {
  const id = useId()
  const clipboard = useClipboard(() => announce(labels.codesCopied))
  const text = codes.join('\n')
  useEffect(() => headingRef.current?.focus(), [headingRef])
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-success-subtle p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold tracking-tight text-brand-900 outline-none">
        {labels.codesTitle}
      </h3>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.codesText}</p>
      <ul
        aria-label={labels.codesLabel}
        className="mt-4 grid max-w-md grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-card p-4 font-mono text-base text-foreground ring-1 ring-border"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void clipboard.copy(text)}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {labels.copy}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => downloadFile(labels.codesFileName, `${text}\n`, 'text/plain;charset=utf-8')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {labels.downloadCodes}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {labels.codesSaved}
        </Button>
      </div>
      {clipboard.failed && <Alert className="mt-3">{labels.copyFailed}</Alert>}
    </section>
  )
}
