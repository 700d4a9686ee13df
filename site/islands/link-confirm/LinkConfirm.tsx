import { useEffect, useRef, useState, type ReactNode } from 'react'
import { TextWithEmail } from '../../components/TextWithEmail'
import { ApiError } from '../../forms/api'
import { useHydrated } from '../../forms/useHydrated'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'

export type LinkConfirmLabels = {
  /** The button, and its label while the service answers. */
  confirm: string
  confirming: string
  /** A link without a token, or one the service refuses (400); '{email}' is the agency's address, as a link. */
  invalid: string
  /** Anything else that went wrong: the button stays to try again. */
  failure: string
}

type State = { status: 'ready' | 'sending' | 'invalid' | 'failed' } | { status: 'done' | 'refused'; message: ReactNode }

type LinkConfirmProps = {
  labels: LinkConfirmLabels
  /** The agency's address, offered when the link is not valid. */
  email: string
  /** Acts on the link's token: resolves to the success message, or throws the service's refusal (ApiError). */
  act: (token: string) => Promise<ReactNode>
  /** The words of a refusal that pressing again would not change (the hold link's 409); undefined for any other. */
  refusal?: (error: ApiError) => ReactNode | undefined
  /** The page's <noscript> holds a form of its own: without JavaScript the island's button is not shown. */
  noScriptForm?: boolean
}

/**
 * The one button of a page an email's signed link opens (`?token=…`): it acts on the token once the
 * reader presses it, never on opening, since link scanners open links too (the unsubscribe and hold pages).
 */
export function LinkConfirm({ labels, email, act, refusal, noScriptForm = false }: LinkConfirmProps) {
  const hydrated = useHydrated()
  const [state, setState] = useState<State>({ status: 'ready' })
  const result = useRef<HTMLDivElement>(null)
  // Read in the browser only: the prerendered HTML is the same for every token.
  const token = hydrated ? new URLSearchParams(location.search).get('token') || null : undefined
  const shown: State = token === null ? { status: 'invalid' } : state

  // An answer replaces or follows the button the reader pressed: take focus to it.
  useEffect(() => {
    if (state.status !== 'ready' && state.status !== 'sending') result.current?.focus()
  }, [state])

  const confirm = async () => {
    if (!token || state.status === 'sending') return
    setState({ status: 'sending' })
    try {
      setState({ status: 'done', message: await act(token) })
    } catch (error) {
      const refused = error instanceof ApiError ? refusal?.(error) : undefined
      if (refused !== undefined) setState({ status: 'refused', message: refused })
      else setState({ status: error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed' })
    }
  }

  const answer = 'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'
  return (
    <>
      {/* Present (empty) from the start so that screen readers announce the message when it appears. */}
      <div role="status">
        {shown.status === 'done' && (
          <Alert ref={result} tabIndex={-1} variant="success" size="md" role="none" className={answer}>
            {shown.message}
          </Alert>
        )}
      </div>
      {shown.status === 'refused' && (
        <Alert ref={result} tabIndex={-1} size="md" className={answer}>
          {shown.message}
        </Alert>
      )}
      {shown.status === 'invalid' && (
        <Alert ref={result} tabIndex={-1} size="md" className={answer}>
          <TextWithEmail template={labels.invalid} email={email} />
        </Alert>
      )}
      {shown.status === 'failed' && (
        <Alert ref={result} tabIndex={-1} size="md" className={cn('mb-6', answer)}>
          {labels.failure}
        </Alert>
      )}
      {(shown.status === 'ready' || shown.status === 'sending' || shown.status === 'failed') && (
        <Button
          type="button"
          onClick={confirm}
          disabled={!hydrated || shown.status === 'sending'}
          variant="primary"
          size="lg"
          className={cn('w-full sm:w-auto', noScriptForm && 'noscript:hidden')}
        >
          {shown.status === 'sending' ? labels.confirming : labels.confirm}
        </Button>
      )}
    </>
  )
}
