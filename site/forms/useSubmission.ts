import { useEffect, useRef, useState } from 'react'
import { api, type Endpoint } from '../../contract/api'
import { apiRequest, type FormName } from './api'
import { useAttemptKey } from './useAttemptKey'
import type { useForm, Values } from './useForm'

export type SubmissionStatus = 'editing' | 'submitting' | 'failed' | 'sent'

type Options = {
  /** How long the sent state lasts; without it, it stays. */
  sentMs?: number
  /** Runs once the service has stored the values. */
  onSent?: () => void
  /** Runs when the sent state has lasted `sentMs`; without it the form returns to editing. */
  onSentEnd?: () => void
}

/**
 * Sending one schema-checked form to the forms service: checks the values, posts them once at a time
 * with the attempt's idempotency key, and keeps the sent state for `sentMs`. A failure leaves the
 * values as they were. `attemptKey` is for the form's `_key` field.
 */
export function useSubmission<V extends Values>(form: ReturnType<typeof useForm<V>>, formName: FormName, options: Options) {
  const [status, setStatus] = useState<SubmissionStatus>('editing')
  const attempt = useAttemptKey()
  const latest = useRef(options)
  latest.current = options

  useEffect(() => {
    if (status !== 'sent' || options.sentMs === undefined) return
    const timer = setTimeout(() => (latest.current.onSentEnd ?? (() => setStatus('editing')))(), options.sentMs)
    return () => clearTimeout(timer)
  }, [status, options.sentMs])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (status === 'submitting' || !form.check()) return
    setStatus('submitting')
    try {
      // Any of the forms: its values are what its schema's validator has just accepted (form.check()).
      const endpoint: Endpoint = api.forms[formName]
      await apiRequest(endpoint, { body: form.values, headers: { 'Idempotency-Key': attempt.keyFor(form.values) } })
      attempt.sent()
      latest.current.onSent?.()
      setStatus('sent')
    } catch {
      setStatus('failed')
    }
  }

  return { status, submit, attemptKey: attempt.key }
}
