import { CircleCheck } from 'lucide-react'
import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react'
import { consultation } from 'virtual:form-validators/consultation'
import type { ConsultationRequest } from '../../../contract/wire/consultation'
import type { PlaceChoice } from '../../../contract/booking/meetingPlace'
import type { FormDraft } from '../../../contract/forms/fields'
import { windowFullMessage } from '../../../contract/wire/meetingApi'
import { consultationServices, labelOf, timeSlots } from '../../../contract/forms/options'
import { format, type UiStrings } from '../../content/ui'
import { formAction } from '../../forms/api'
import { AttemptKeyField, Honeypot, SourcePageField, SelectField, TextAreaField, TextField } from '../../forms/fields'
import { postBooking } from '../../forms/postBooking'
import { useForm } from '../../forms/useForm'
import { useHydrated } from '../../forms/useHydrated'
import { useSubmission } from '../../forms/useSubmission'
import type { StandaloneValidate } from '../../forms/validators'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { ConsultationDateField } from './ConsultationDateField'
import { MeetingRecap } from './MeetingRecap'
import { StartChoice } from './StartChoice'
import { browserZone } from './startTimes'
import { fullyBooked, startsIn, useAvailability } from './useAvailability'

/** The dialog closes by itself this long after a successful submit. */
export const AUTO_CLOSE_MS = 3000

export const emptyConsultation = {
  businessName: '',
  website: '',
  contactName: '',
  email: '',
  phone: '',
  serviceInterest: '',
  date: '',
  timeSlot: '',
  start: '',
  message: '',
  place: '',
  timeZone: '',
  _gotcha: '',
} satisfies FormDraft<ConsultationRequest>

/** The elements of the title and description: Radix's in the dialog (they name it), plain ones on the page. */
export type TextElements = { Title: ElementType; Description: ElementType }

type ConsultationFormProps = {
  labels: UiStrings['consultation']
  /** Prefixes the field ids: the page's form and the dialog's may be on one page. */
  idPrefix: string
  text: TextElements
  /** Title and description above the fields (the dialog's); the page has them in its hero. */
  withTitle?: boolean
  /** Beside the submit button: the dialog's Cancel. */
  cancel?: ReactNode
  /** Runs when the thank-you has shown for AUTO_CLOSE_MS (the dialog closes); without it the thank-you stays. */
  onDone?: () => void
  /** Days never offered (content/closed-days.json). */
  closedDays: readonly string[]
  /** How the visitor may choose to meet (booking.json's place); empty when the agency offers one way. */
  places?: PlaceChoice[]
  /** The values to start from: the dialog's kept draft. */
  draft?: ConsultationValues
  /** Told of every edit, so that the dialog can keep the draft while it is closed. */
  onDraftChange?: (values: ConsultationValues) => void
  /** Runs once the service has stored the request, with its answer (`{ id, meeting }`). */
  onSent?: (answer: unknown) => void
  /** The agency's name, for the calendar entry's title. */
  siteName: string
}

export type ConsultationValues = typeof emptyConsultation

/**
 * What is sent: `start`, `timeZone` and `place` are optional, and left out while blank (no availability
 * to pick a start from; no zone known; no choice of place offered).
 */
export function consultationBody(values: ConsultationValues): Record<string, string> {
  const { start, timeZone, place, ...rest } = values
  return { ...rest, ...(start ? { start } : {}), ...(timeZone ? { timeZone } : {}), ...(place ? { place } : {}) }
}

/** The schema's check of what is sent, for the values on screen. */
const checkConsultation: StandaloneValidate = Object.assign(
  (values: unknown) => {
    const valid = consultation(consultationBody(values as ConsultationValues))
    checkConsultation.errors = consultation.errors
    return valid
  },
  { errors: null },
)

/** A start or window the service refused (taken by a faster visitor): its sentence, and where it was. */
type Refusal = { message: string; date: string; timeSlot: string; start: string }

/**
 * The consultation request, in the dialog and on /consultation. An HTML form posting to the service
 * until hydrated; hydrated, it checks and sends in place and thanks in place of the fields.
 */
export function ConsultationForm({
  labels,
  idPrefix,
  text: { Title, Description },
  withTitle = false,
  cancel,
  onDone,
  closedDays,
  places = [],
  draft,
  onDraftChange,
  onSent,
  siteName,
}: ConsultationFormProps) {
  const hydrated = useHydrated()
  // The browser's zone goes with the request (the visitor's emails then give their own time too).
  const form = useForm({ ...(draft ?? emptyConsultation), timeZone: browserZone() }, checkConsultation)
  const availability = useAvailability()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  // After a refusal, focus goes to the start chosen among those still free, once they are read again.
  const [focusStart, setFocusStart] = useState(false)
  // What the dialog says while the browser solves a booking challenge (postBooking.ts): kept for the
  // submit under way (a second press of the button meanwhile is ignored, and says nothing new).
  const [checking, setChecking] = useState('')
  const { status, answer, submit, attemptKey } = useSubmission(form, 'consultation', {
    onSent,
    body: consultationBody,
    send: (endpoint, request) => postBooking(endpoint, request, setChecking),
    // The time was taken meanwhile: the form keeps every field, says so in words under the times, and
    // what it offers catches up with the service (no "try again later": nothing went wrong).
    onRefused: (fields) => {
      const message = fields.start ?? fields.timeSlot
      if (!message) return
      setRefusal({ message, date: form.values.date, timeSlot: form.values.timeSlot, start: form.values.start })
      setFocusStart(true)
      availability.refresh()
    },
    ...(onDone ? { sentMs: AUTO_CLOSE_MS, onSentEnd: onDone } : {}),
  })
  const thanks = useRef<HTMLDivElement>(null)
  const { date, timeSlot, start } = form.values
  const day = availability.days?.get(date)
  const windows = day?.windows
  const starts = timeSlot ? startsIn(day, timeSlot) : []
  const slotOptions = timeSlots.map((slot) =>
    windows && !windows[slot.value] ? { ...slot, label: format(labels.slotFull, { slot: slot.label }), disabled: true } : slot,
  )

  // A choice the availability rules out (it came after the choice, or the day changed) is undone, so
  // that the select shows its placeholder rather than a time that cannot be booked; then the window's
  // first free start is chosen, unless the visitor's choice is still free. One change a run: the next
  // run sees it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when what is free or chosen changes, not on every edit
  useEffect(() => {
    if (status === 'sent') return
    if (fullyBooked(windows)) return form.setValue('date', '')
    if (windows && timeSlot !== '' && !windows[timeSlot as keyof typeof windows]) return form.setValue('timeSlot', '')
    const chosen = starts.length === 0 ? '' : starts.includes(start) ? start : starts[0]!
    if (chosen !== start) form.setValue('start', chosen)
  }, [availability.days, date, timeSlot, start])

  // Where the refusal's sentence shows: under the times while the refused window still has some,
  // otherwise under Preferred time, saying that the window is now full.
  const refusedHere = refusal !== null && refusal.date === date && refusal.timeSlot === timeSlot && starts.length > 0
  const refusedWindowFull =
    refusal !== null && !refusedHere && availability.days !== null && startsIn(availability.days.get(refusal.date), refusal.timeSlot).length === 0
  const windowFull =
    refusal && refusedWindowFull
      ? refusal.message === windowFullMessage
        ? refusal.message
        : `${refusal.message} ${format(labels.windowNowFull, { slot: labelOf(timeSlots, refusal.timeSlot) })}`
      : undefined
  // The refused window has nothing left: focus goes to Preferred time, which now says so.
  useEffect(() => {
    if (!focusStart || !windowFull) return
    document.getElementById(`${idPrefix}-timeSlot`)?.focus()
    setFocusStart(false)
  }, [focusStart, windowFull, idPrefix])

  /** A choice of day, window or start by the visitor: the refusal has been answered. */
  const chose = (name: 'date' | 'timeSlot') => (event: { target: { value: string } }) => {
    setRefusal(null)
    form.setValue(name, event.target.value)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: on edits only; `onDraftChange` is a new function on every render of the dialog
  useEffect(() => {
    if (status !== 'sent') onDraftChange?.(form.values)
  }, [form.values])

  useEffect(() => {
    if (status === 'sent') thanks.current?.focus()
  }, [status])

  if (status === 'sent') {
    return (
      <div ref={thanks} tabIndex={-1} role="status" className="flex flex-col items-center py-8 text-center outline-none">
        <CircleCheck aria-hidden="true" className="h-14 w-14 text-success" />
        <Title className="mt-4 text-xl font-bold tracking-tight text-brand-900">{labels.successTitle}</Title>
        <Description className="mt-2 text-base leading-6 text-body">{labels.successText}</Description>
        <MeetingRecap labels={labels} values={form.values} answer={answer} siteName={siteName} />
      </div>
    )
  }

  const id = (name: string) => `${idPrefix}-${name}`
  return (
    <>
      {withTitle && (
        <>
          <Title className="pr-8 text-2xl text-brand-900">{labels.title}</Title>
          <Description className="mt-2 text-sm text-muted-foreground">{labels.description}</Description>
        </>
      )}
      <form
        ref={form.formRef}
        method="post"
        action={formAction('consultation')}
        noValidate={hydrated}
        onSubmit={(event) => {
          setRefusal(null)
          if (status !== 'submitting') setChecking('')
          void submit(event)
        }}
        className={cn('relative grid gap-5 sm:grid-cols-2', withTitle && 'mt-6')}
      >
        <TextField id={id('businessName')} label={labels.businessName} autoComplete="organization" {...form.field('businessName')} />
        <TextField
          id={id('website')}
          label={labels.website}
          optional={labels.optional}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={labels.websitePlaceholder}
          {...form.field('website')}
        />
        <TextField id={id('contactName')} label={labels.contactName} autoComplete="name" {...form.field('contactName')} />
        <TextField id={id('email')} label={labels.email} type="email" autoComplete="email" placeholder={labels.emailPlaceholder} {...form.field('email')} />
        <TextField id={id('phone')} label={labels.phone} type="tel" autoComplete="tel" placeholder={labels.phonePlaceholder} {...form.field('phone')} />
        <SelectField
          id={id('serviceInterest')}
          label={labels.serviceInterest}
          placeholder={labels.servicePlaceholder}
          options={[...consultationServices]}
          {...form.field('serviceInterest')}
        />
        <ConsultationDateField
          closedDays={closedDays}
          isFull={(date) => fullyBooked(availability.days?.get(date)?.windows)}
          fullLabel={labels.dateFull}
          id={id('date')}
          label={labels.date}
          hint={labels.dateHint}
          placeholder={labels.datePlaceholder}
          {...form.field('date')}
          onChange={chose('date')}
        />
        <SelectField
          id={id('timeSlot')}
          label={labels.timeSlot}
          note={labels.timeZone}
          placeholder={labels.timeSlotPlaceholder}
          options={slotOptions}
          {...form.field('timeSlot')}
          onChange={chose('timeSlot')}
          error={windowFull ?? form.errors.timeSlot}
        />
        {starts.length > 0 && (
          <StartChoice
            id={id('start')}
            legend={labels.startLegend}
            zoneNote={labels.timeZone}
            localLabel={labels.startLocal}
            starts={starts}
            value={start}
            visitorZone={form.values.timeZone}
            onChange={(chosen) => {
              setRefusal(null)
              form.setValue('start', chosen)
            }}
            error={refusedHere ? refusal?.message : form.errors.start}
            announce={refusedHere}
            focusChosen={focusStart && start !== refusal?.start}
            onFocused={() => setFocusStart(false)}
          />
        )}
        {places.length > 0 && (
          <SelectField
            id={id('place')}
            label={labels.place}
            optional={labels.optional}
            placeholder={labels.placePlaceholder}
            options={places}
            shellClassName="sm:col-span-2"
            {...form.field('place')}
          />
        )}
        <TextAreaField
          id={id('message')}
          label={labels.message}
          optional={labels.optional}
          placeholder={labels.messagePlaceholder}
          shellClassName="sm:col-span-2"
          {...form.field('message')}
        />
        <Honeypot label={labels.honeypot} value={form.values._gotcha} onChange={(value) => form.setValue('_gotcha', value)} />
        <AttemptKeyField value={attemptKey} />
        <SourcePageField />
        {status === 'failed' && refusal === null && <Alert className="sm:col-span-2">{labels.failure}</Alert>}
        {/* In the page from the start (out of sight while empty), so that what it says when the check begins is announced. */}
        <div role="status" className={status === 'submitting' && checking ? 'text-sm text-muted-foreground sm:col-span-2' : 'sr-only'}>
          {status === 'submitting' ? checking : ''}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          {cancel}
          {/* aria-disabled, not disabled: the button keeps the focus of a visitor who pressed it (useSubmission ignores a second submit). */}
          <Button type="submit" aria-disabled={status === 'submitting'} variant="primary">
            {status === 'submitting' ? labels.submitting : labels.submit}
          </Button>
        </div>
      </form>
    </>
  )
}
