import { contact } from 'virtual:form-validators/contact'
import type { ContactRequest } from '../../../contract/wire/contact'
import type { FormDraft } from '../../../contract/forms/fields'
import { contactServices } from '../../../contract/forms/options'
import type { UiStrings } from '../../content/ui'
import { formAction } from '../../forms/api'
import { AttemptKeyField, Honeypot, SourcePageField, SelectField, TextAreaField, TextField } from '../../forms/fields'
import { useForm } from '../../forms/useForm'
import { useHydrated } from '../../forms/useHydrated'
import { useSubmission } from '../../forms/useSubmission'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'

/** The success message stays this long. */
export const SUCCESS_MESSAGE_MS = 5000

const empty = { name: '', email: '', phone: '', business: '', service: '', message: '', _gotcha: '' } satisfies FormDraft<ContactRequest>

export type ContactFormProps = { labels: UiStrings['contactForm'] }

/**
 * The home page's contact form. An HTML form posting to the service until hydrated (the service then
 * answers with its thank-you or error page); hydrated, it checks and sends in place.
 */
export default function ContactForm({ labels }: ContactFormProps) {
  const hydrated = useHydrated()
  const form = useForm(empty, contact)
  const { status, submit, attemptKey } = useSubmission(form, 'contact', { sentMs: SUCCESS_MESSAGE_MS, onSent: form.reset })

  const id = (name: string) => `contact-${name}`
  return (
    <form
      ref={form.formRef}
      method="post"
      action={formAction('contact')}
      aria-label={labels.label}
      noValidate={hydrated}
      onSubmit={submit}
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <TextField id={id('name')} label={labels.name} autoComplete="name" {...form.field('name')} />
      <TextField id={id('email')} label={labels.email} type="email" autoComplete="email" placeholder={labels.emailPlaceholder} {...form.field('email')} />
      <TextField id={id('phone')} label={labels.phone} type="tel" autoComplete="tel" placeholder={labels.phonePlaceholder} {...form.field('phone')} />
      <TextField id={id('business')} label={labels.business} autoComplete="organization" {...form.field('business')} />
      <SelectField
        id={id('service')}
        label={labels.service}
        placeholder={labels.servicePlaceholder}
        options={[...contactServices]}
        shellClassName="sm:col-span-2"
        {...form.field('service')}
      />
      <TextAreaField
        id={id('message')}
        label={labels.message}
        optional={labels.optional}
        placeholder={labels.messagePlaceholder}
        rows={5}
        shellClassName="sm:col-span-2"
        {...form.field('message')}
      />
      <Honeypot label={labels.honeypot} value={form.values._gotcha} onChange={(value) => form.setValue('_gotcha', value)} />
      <AttemptKeyField value={attemptKey} />
      <SourcePageField />
      <div className="sm:col-span-2">
        {/* Present (empty) from the start so that screen readers announce the message when it appears. */}
        <div role="status">
          {status === 'sent' && (
            <Alert variant="success" role="none" className="mb-5">
              {labels.success}
            </Alert>
          )}
        </div>
        {status === 'failed' && <Alert className="mb-5">{labels.failure}</Alert>}
        <Button type="submit" disabled={status === 'submitting'} variant="primary" size="lg" className="w-full sm:w-auto">
          {status === 'submitting' ? labels.submitting : labels.submit}
        </Button>
      </div>
    </form>
  )
}
