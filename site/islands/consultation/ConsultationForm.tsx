import { CircleCheck } from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { consultation } from 'virtual:form-validators'
import { consultationDates } from '../../../forms-service/schemas/consultationDates'
import { consultationServices, timeSlots } from '../../../forms-service/schemas/options'
import type { UiStrings } from '../../content/ui'
import { Honeypot, SelectField, TextAreaField, TextField } from '../../forms/fields'
import { useForm } from '../../forms/useForm'
import { useSubmission } from '../../forms/useSubmission'
import { Alert } from '../../ui/alert'
import { buttonVariants } from '../../ui/button'
import { DialogClose, DialogDescription, DialogTitle } from '../../ui/dialog'

/** SPEC §9: the dialog closes by itself this long after a successful submit. */
export const AUTO_CLOSE_MS = 3000

const empty = { businessName: '', website: '', contactName: '', email: '', phone: '', serviceInterest: '', date: '', timeSlot: '', message: '', _gotcha: '' }

type ConsultationFormProps = { labels: UiStrings['consultation']; onDone: () => void }

export function ConsultationForm({ labels, onDone }: ConsultationFormProps) {
  const form = useForm(empty, consultation)
  const { status, submit } = useSubmission(form, '/api/consultation', { sentMs: AUTO_CLOSE_MS, onSentEnd: onDone })
  // Computed in the browser when the dialog opens: "today" is the visitor's, never the build's.
  const dates = useMemo(() => consultationDates(new Date()), [])
  const thanks = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (status === 'sent') thanks.current?.focus()
  }, [status])

  if (status === 'sent') {
    return (
      <div ref={thanks} tabIndex={-1} role="status" className="flex flex-col items-center py-8 text-center outline-none">
        <CircleCheck aria-hidden="true" className="h-14 w-14 text-emerald-600" />
        <DialogTitle className="mt-4 text-xl text-brand-900">{labels.successTitle}</DialogTitle>
        <DialogDescription className="mt-2 text-base text-slate-700">{labels.successText}</DialogDescription>
      </div>
    )
  }

  const id = (name: string) => `consultation-${name}`
  return (
    <>
      <DialogTitle className="pr-8 text-2xl text-brand-900">{labels.title}</DialogTitle>
      <DialogDescription className="mt-2 text-sm text-slate-600">{labels.description}</DialogDescription>
      <form ref={form.formRef} noValidate onSubmit={submit} className="relative mt-6 grid gap-5 sm:grid-cols-2">
        <TextField id={id('businessName')} label={labels.businessName} autoComplete="organization" {...form.field('businessName')} />
        <TextField id={id('website')} label={labels.website} optional={labels.optional} type="url" inputMode="url" autoComplete="url" placeholder={labels.websitePlaceholder} {...form.field('website')} />
        <TextField id={id('contactName')} label={labels.contactName} autoComplete="name" {...form.field('contactName')} />
        <TextField id={id('email')} label={labels.email} type="email" autoComplete="email" placeholder={labels.emailPlaceholder} {...form.field('email')} />
        <TextField id={id('phone')} label={labels.phone} type="tel" autoComplete="tel" placeholder={labels.phonePlaceholder} {...form.field('phone')} />
        <SelectField id={id('serviceInterest')} label={labels.serviceInterest} placeholder={labels.servicePlaceholder} options={[...consultationServices]} {...form.field('serviceInterest')} />
        <SelectField id={id('date')} label={labels.date} placeholder={labels.datePlaceholder} options={dates} {...form.field('date')} />
        <SelectField id={id('timeSlot')} label={labels.timeSlot} placeholder={labels.timeSlotPlaceholder} options={[...timeSlots]} {...form.field('timeSlot')} />
        <TextAreaField id={id('message')} label={labels.message} optional={labels.optional} placeholder={labels.messagePlaceholder} shellClassName="sm:col-span-2" {...form.field('message')} />
        <Honeypot label={labels.honeypot} value={form.values._gotcha} onChange={(value) => form.setValue('_gotcha', value)} />
        {status === 'failed' && <Alert className="sm:col-span-2">{labels.failure}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <DialogClose className={buttonVariants({ variant: 'outline' })}>{labels.cancel}</DialogClose>
          <button type="submit" className={buttonVariants({ variant: 'primary' })} disabled={status === 'submitting'}>
            {status === 'submitting' ? labels.submitting : labels.submit}
          </button>
        </div>
      </form>
    </>
  )
}
