import { useId, useRef, useState } from 'react'
import { newsletter } from 'virtual:form-validators/newsletter'
import type { UiStrings } from '../../content/ui'
import { api } from '../../../contract/wire/api'
import type { FormDraft } from '../../../contract/forms/fields'
import type { NewsletterRequest } from '../../../contract/wire/newsletter'
import { apiRequest, formAction } from '../../forms/api'
import { AttemptKeyField, Honeypot, SourcePageField } from '../../forms/fields'
import { useAttemptKey } from '../../forms/useAttemptKey'
import { visitSource } from '../../forms/visitSource'
import { useForm, validateValues } from '../../forms/useForm'
import { useHydrated } from '../../forms/useHydrated'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, type ToastVariant } from '../../ui/toast'

/** A toast shows for 5,000 ms and a swipe right past 50 px dismisses it. */
const TOAST_MS = 5000
const SWIPE_THRESHOLD_PX = 50

type Notice = { key: number; variant: ToastVariant; title: string; text: string }

export type NewsletterFormProps = {
  labels: Pick<UiStrings['blog'], 'newsletterEmailLabel' | 'newsletterPlaceholder' | 'subscribe' | 'subscribing'> & UiStrings['newsletter']
}

const empty = { email: '', _gotcha: '' } satisfies FormDraft<NewsletterRequest>

/**
 * The blog's newsletter sign-up form (on the page's dark card). An HTML form posting to the service
 * until hydrated; hydrated, it tells its outcome in a toast, one at a time.
 */
export default function NewsletterForm({ labels }: NewsletterFormProps) {
  const hydrated = useHydrated()
  const form = useForm(empty, newsletter)
  const { email, _gotcha: gotcha } = form.values
  const attempt = useAttemptKey()
  const [submitting, setSubmitting] = useState(false)
  const [invalid, setInvalid] = useState<string>()
  const [notice, setNotice] = useState<Notice>()
  const count = useRef(0)
  const inputId = useId()

  const notify = (variant: ToastVariant, title: string, text: string) => setNotice({ key: ++count.current, variant, title, text })

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (submitting) return
    if (email.trim() === '') return notify('destructive', labels.emailRequiredTitle, labels.emailRequiredText)
    const errors = validateValues(newsletter, form.values)
    setInvalid(errors.email)
    if (errors.email) return
    setSubmitting(true)
    try {
      await apiRequest(api.forms.newsletter, { body: { ...form.values, source: visitSource() }, headers: { 'Idempotency-Key': attempt.keyFor(form.values) } })
      attempt.sent()
      form.reset()
      notify('default', labels.successTitle, labels.successText)
    } catch {
      notify('destructive', labels.failureTitle, labels.failureText)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <ToastProvider duration={TOAST_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX} label={labels.toast}>
      {/* Without JavaScript the browser's own `required` check applies; hydrated, the toast does. */}
      <form
        ref={form.formRef}
        method="post"
        action={formAction('newsletter')}
        noValidate={hydrated}
        onSubmit={submit}
        className="relative mx-auto flex max-w-xl flex-col gap-3 text-left sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            {labels.newsletterEmailLabel}
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder={labels.newsletterPlaceholder}
            value={email}
            onChange={(event) => {
              form.setValue('email', event.target.value)
              setInvalid(undefined)
            }}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            className={cn(
              'block w-full rounded-full border-0 bg-background px-5 py-3 text-base text-foreground shadow-sm ring-1 ring-white/30 placeholder:text-subtle',
              'focus:outline-none focus-visible:ring-4 focus-visible:ring-accent aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-500',
            )}
          />
          {invalid && (
            <p id={`${inputId}-error`} className="mt-2 px-5 text-sm font-medium text-accent">
              {invalid}
            </p>
          )}
        </div>
        <Honeypot label={labels.honeypot} value={gotcha} onChange={(value) => form.setValue('_gotcha', value)} />
        <AttemptKeyField value={attempt.key} />
        <SourcePageField />
        <Button type="submit" disabled={submitting} variant="accent" className="shrink-0">
          {submitting ? labels.subscribing : labels.subscribe}
        </Button>
      </form>
      {notice && (
        <Toast key={notice.key} variant={notice.variant} onOpenChange={(open) => !open && setNotice(undefined)}>
          <div>
            <ToastTitle>{notice.title}</ToastTitle>
            <ToastDescription>{notice.text}</ToastDescription>
          </div>
          <ToastClose label={labels.dismiss} />
        </Toast>
      )}
      <ToastViewport label={labels.region} />
    </ToastProvider>
  )
}
