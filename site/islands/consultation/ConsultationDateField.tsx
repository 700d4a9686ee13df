import { useLayoutEffect, useMemo, useRef } from 'react'
import { consultationDates } from '../../../contract/booking/consultationDates'
import { format } from '../../content/ui'
import { SelectField, TextField } from '../../forms/fields'
import { useHydrated } from '../../forms/useHydrated'

type ConsultationDateFieldProps = {
  id: string
  label: string
  name: string
  value: string
  error?: string
  onChange: (event: { target: { value: string } }) => void
  /** Under the label of the date input the server HTML has: which days are offered. */
  hint: string
  /** The select's empty choice. */
  placeholder: string
  /** Days never offered (content/closed-days.json). */
  closedDays: readonly string[]
  /** Days with no free window: offered but not choosable, labelled so by `fullLabel`. */
  isFull?: (date: string) => boolean
  /** '{date}, fully booked'. */
  fullLabel: string
}

/**
 * The preferred date. Its choices depend on the visitor's today, so they exist only in the browser:
 * the server HTML has a date input with a hint instead, and the service checks the day. Hydrated, the
 * select of offered days replaces it; an offered day typed before stays chosen,
 * and focus moves along if the input had it.
 */
export function ConsultationDateField({ hint, placeholder, closedDays, isFull, fullLabel, ...field }: ConsultationDateFieldProps) {
  const { id, value, onChange } = field
  const hydrated = useHydrated()
  const dates = useMemo(() => (hydrated ? consultationDates(new Date(), closedDays) : []), [hydrated, closedDays])
  const inputHadFocus = useRef(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when hydration swaps the input for the select, not on every edit
  useLayoutEffect(() => {
    if (!hydrated) {
      inputHadFocus.current = document.activeElement?.id === id
      return
    }
    if (value !== '' && !dates.some((date) => date.value === value)) onChange({ target: { value: '' } })
    if (inputHadFocus.current && document.activeElement === document.body) document.getElementById(id)?.focus()
    inputHadFocus.current = false
  }, [hydrated])

  // Without JavaScript, `min` and `max` come from the forms service when it serves the page (contract/wire/meetingPages.ts,
  // offeredDatesMarker): written here at build time they would be the build's today. A static host leaves them out.
  if (!hydrated) return <TextField type="date" hint={hint} {...field} data-offered-dates="" />
  const options = dates.map((date) => (isFull?.(date.value) ? { ...date, label: format(fullLabel, { date: date.label }), disabled: true } : date))
  return <SelectField placeholder={placeholder} options={options} {...field} />
}
