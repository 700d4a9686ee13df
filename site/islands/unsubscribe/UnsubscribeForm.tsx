import { useEffect, useRef, useState } from 'react'
import { TextWithEmail } from '../../components/TextWithEmail'
import type { UiStrings } from '../../content/ui'
import { api } from '../../../contract/wire/api'
import { ApiError, apiRequest } from '../../forms/api'
import { useHydrated } from '../../forms/useHydrated'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'

type Status = 'ready' | 'sending' | 'unsubscribed' | 'invalid' | 'failed'

export type UnsubscribeFormProps = {
  labels: Pick<UiStrings['unsubscribe'], 'confirm' | 'confirming' | 'success' | 'invalid' | 'failure'>
  /** The agency's address, offered when the link is not valid. */
  email: string
}

/**
 * Unsubscribes the reader the welcome email's link names (`?token=…`) once they press the button:
 * opening the link alone never does, since link scanners open links too.
 */
export default function UnsubscribeForm({ labels, email }: UnsubscribeFormProps) {
  const hydrated = useHydrated()
  const [status, setStatus] = useState<Status>('ready')
  const result = useRef<HTMLDivElement>(null)
  // Read in the browser only: the prerendered HTML is the same for every token.
  const token = hydrated ? new URLSearchParams(location.search).get('token') || null : undefined
  const shown: Status = token === null ? 'invalid' : status

  // An answer replaces or follows the button the reader pressed: take focus to it.
  useEffect(() => {
    if (status === 'unsubscribed' || status === 'invalid' || status === 'failed') result.current?.focus()
  }, [status])

  const unsubscribe = async () => {
    if (!token || status === 'sending') return
    setStatus('sending')
    try {
      await apiRequest(api.unsubscribe, { body: { token } })
      setStatus('unsubscribed')
    } catch (error) {
      setStatus(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed')
    }
  }

  const answer = 'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'
  return (
    <>
      {/* Present (empty) from the start so that screen readers announce the message when it appears. */}
      <div role="status">
        {shown === 'unsubscribed' && (
          <Alert ref={result} tabIndex={-1} variant="success" size="md" role="none" className={answer}>
            {labels.success}
          </Alert>
        )}
      </div>
      {shown === 'invalid' && (
        <Alert ref={result} tabIndex={-1} size="md" className={answer}>
          <TextWithEmail template={labels.invalid} email={email} />
        </Alert>
      )}
      {shown === 'failed' && (
        <Alert ref={result} tabIndex={-1} size="md" className={cn('mb-6', answer)}>
          {labels.failure}
        </Alert>
      )}
      {(shown === 'ready' || shown === 'sending' || shown === 'failed') && (
        <Button type="button" onClick={unsubscribe} disabled={!hydrated || shown === 'sending'} variant="primary" size="lg" className="w-full sm:w-auto">
          {shown === 'sending' ? labels.confirming : labels.confirm}
        </Button>
      )}
    </>
  )
}
