import { useEffect, useRef, useState } from 'react'
import { formPaths, postJson, type FormName } from './api'
import { useAttemptKey } from './useAttemptKey'
import type { useForm, Values } from './useForm'

/** The forms whose contract schema takes `_elapsedMs` (contract/fields.ts formTiming): the service files one sent too fast as spam. */
const timedForms: ReadonlySet<FormName> = new Set(['consultation', 'contact'])

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
  // When the form appeared (mounted: the page's form hydrated, or the dialog opened), then when it was last sent.
  const shownAt = useRef(0)
  useEffect(() => {
    shownAt.current = performance.now()
  }, [])

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
      const timing = timedForms.has(formName) ? { _elapsedMs: Math.round(performance.now() - shownAt.current) } : {}
      await postJson(formPaths[formName], { ...form.values, ...timing }, { 'Idempotency-Key': attempt.keyFor(form.values) })
      attempt.sent()
      shownAt.current = performance.now()
      latest.current.onSent?.()
      setStatus('sent')
    } catch {
      setStatus('failed')
    }
  }

  return { status, submit, attemptKey: attempt.key }
}
