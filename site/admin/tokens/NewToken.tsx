import { useEffect, useId, useRef } from 'react'
import { format } from '../../content/ui'
import { Button } from '../../ui/button'
import { CopyField } from '../CopyField'
import type { TokenLabels } from '../labels'

type NewTokenProps = {
  name: string
  token: string
  onCopied: () => void
  /** Hides the token for good. */
  onDismiss: () => void
  labels: TokenLabels
}

/**
 * The token just made, the only time it is shown: the panel takes focus (so that a screen reader
 * reads that it must be copied now), with Copy and a button that hides it.
 */
export function NewToken({ name, token, onCopied, onDismiss, labels }: NewTokenProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-success-subtle p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-brand-900 outline-none">
        {format(labels.newTitle, { name })}
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.newText}</p>
      <div className="mt-4">
        <CopyField id={`${id}-token`} label={format(labels.tokenLabel, { name })} value={token} labels={labels} onCopied={onCopied}>
          <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
            {labels.dismiss}
          </Button>
        </CopyField>
      </div>
    </section>
  )
}
