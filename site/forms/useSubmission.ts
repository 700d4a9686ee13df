import { useEffect, useRef, useState } from 'react'
import { api, type Endpoint } from '../../contract/wire/api'
import { ApiError, apiRequest, type FormName, type RequestOf } from './api'
import { useAttemptKey } from './useAttemptKey'
import { visitSource } from './visitSource'
import type { useForm, Values } from './useForm'

/** The forms whose contract schema takes `_elapsedMs` (contract/forms/fields.ts formTiming): the service marks one sent too soon after the page loaded as possible spam. */
const timedForms: ReadonlySet<FormName> = new Set(['consultation', 'contact'])

export type SubmissionStatus = 'editing' | 'submitting' | 'failed' | 'sent'

type Options<V extends Values> = {
  /** How long the sent state lasts; without it, it stays. */
  sentMs?: number
  /** Runs once the service has stored the values, with its JSON answer. */
  onSent?: (answer: unknown) => void
  /** Runs when the service refuses a field the browser's check passed (a time taken meanwhile), before the messages show. */
  onRefused?: (fields: Record<string, string>) => void
  /** What is sent for the values (the consultation leaves out its optional fields while blank); the values themselves without it. */
  body?: (values: V) => Values
  /** Runs when the sent state has lasted `sentMs`; without it the form returns to editing. */
  onSentEnd?: () => void
  /** How the values are posted; `apiRequest` without it (the consultation's also solves a booking challenge: postBooking.ts). */
  send?: (endpoint: Endpoint, request: RequestOf<Endpoint>) => Promise<Response>
}

/**
 * Sending one schema-checked form to the forms service: checks the values, posts them once at a time
 * with the attempt's idempotency key, and keeps the sent state for `sentMs`. A failure leaves the
 * values as they were; a 400 that names fields also shows its messages under them. `answer` is the
 * service's JSON answer once sent. `attemptKey` is for the form's `_key` field.
 */
export function useSubmission<V extends Values>(form: ReturnType<typeof useForm<V>>, formName: FormName, options: Options<V>) {
  const [status, setStatus] = useState<SubmissionStatus>('editing')
  const [answer, setAnswer] = useState<unknown>()
  const attempt = useAttemptKey()
  const latest = useRef(options)
  latest.current = options
  // Since when the time on screen runs: the page's load (performance.now() counts from the navigation's
  // start), then the last send. Not from the dialog's opening: a person reads the page first, and autofill
  // fills a dialog in under a second (forms-service/spam.ts).
  const sentAt = useRef(0)

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
      const timing = timedForms.has(formName) ? { _elapsedMs: Math.round(performance.now() - sentAt.current) } : {}
      const body = latest.current.body?.(form.values) ?? form.values
      const response = await (latest.current.send ?? apiRequest)(endpoint, {
        body: { ...body, ...timing, source: visitSource() },
        headers: { 'Idempotency-Key': attempt.keyFor(form.values) },
      })
      const answered: unknown = await response.json().catch(() => undefined)
      setAnswer(answered)
      attempt.sent()
      sentAt.current = performance.now()
      latest.current.onSent?.(answered)
      setStatus('sent')
    } catch (error) {
      // SPEC's failure alert stays for every non-OK answer; a refusal also says which field and why.
      setStatus('failed')
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : {}
      const known = Object.fromEntries(Object.entries(fields).filter(([name]) => Object.hasOwn(form.values, name)))
      if (Object.keys(known).length === 0) return
      latest.current.onRefused?.(known)
      form.showErrors(known as Partial<Record<keyof V, string>>)
    }
  }

  return { status, answer, submit, attemptKey: attempt.key }
}
