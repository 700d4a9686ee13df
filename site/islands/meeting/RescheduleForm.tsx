import { useState } from 'react'
import { timeSlotValues, type TimeSlot } from '../../../contract/booking/booking'
import { timeSlots } from '../../../contract/forms/options'
import { TextWithEmail } from '../../components/TextWithEmail'
import { format, type UiStrings } from '../../content/ui'
import { SelectField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { fullyBooked } from '../consultation/useAvailability'
import type { Availability } from '../../../contract/wire/meetingApi'

type RescheduleFormProps = {
  /** The days the service offers, each with its windows' room. */
  days: Availability['days']
  labels: UiStrings['meeting']
  email: string
  sending: boolean
  /** 'refused': the window filled up meanwhile (the days are read again). */
  onSubmit: (date: string, timeSlot: TimeSlot) => Promise<'done' | 'refused'>
}

// A service date is a day in Dallas with no time: formatted in UTC so that no zone shifts it ('Tue, Dec 1').
const dayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`))

/** A new day and window for the meeting: days and windows without room are shown, not choosable, and say why. */
export function RescheduleForm({ days, labels, email, sending, onSubmit }: RescheduleFormProps) {
  const [date, setDate] = useState('')
  const [timeSlot, setTimeSlot] = useState<TimeSlot | ''>('')
  const [taken, setTaken] = useState(false)
  const [missing, setMissing] = useState<{ date?: string; timeSlot?: string }>({})

  if (days.every((day) => fullyBooked(day.windows))) {
    return (
      <Alert size="md" role="status">
        <TextWithEmail template={labels.noFreeTimes} email={email} />
      </Alert>
    )
  }

  const windows = days.find((day) => day.date === date)?.windows
  const dateOptions = days.map((day) =>
    fullyBooked(day.windows)
      ? { value: day.date, label: format(labels.slotFull, { slot: labelOf(day.date) }), disabled: true }
      : { value: day.date, label: labelOf(day.date) },
  )
  const slotOptions = timeSlots.map((slot) =>
    windows && !windows[slot.value] ? { value: slot.value, label: format(labels.slotFull, { slot: slot.label }), disabled: true } : { ...slot },
  )
  // A window that is full on the newly chosen day is no choice.
  const chosenSlot = windows && timeSlot && !windows[timeSlot] ? '' : timeSlot

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const problems = { ...(date ? {} : { date: labels.dateRequired }), ...(chosenSlot ? {} : { timeSlot: labels.timeRequired }) }
    setMissing(problems)
    if (!date || !chosenSlot || sending) return
    setTaken((await onSubmit(date, chosenSlot)) === 'refused')
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-2">
      <SelectField
        id="reschedule-date"
        name="date"
        label={labels.newDate}
        placeholder={labels.datePlaceholder}
        options={dateOptions}
        value={date}
        error={missing.date && !date ? missing.date : undefined}
        onChange={(event) => {
          setDate(event.target.value)
          setTaken(false)
        }}
      />
      <SelectField
        id="reschedule-time"
        name="timeSlot"
        label={labels.newTime}
        note={labels.timeZone}
        placeholder={labels.timePlaceholder}
        options={slotOptions}
        value={chosenSlot}
        error={missing.timeSlot && !chosenSlot ? missing.timeSlot : undefined}
        onChange={(event) => {
          setTimeSlot(timeSlotValues.find((slot) => slot === event.target.value) ?? '')
          setTaken(false)
        }}
      />
      {taken && <Alert className="sm:col-span-2">{labels.rescheduleTaken}</Alert>}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={sending} variant="primary" size="lg" className="w-full sm:w-auto">
          {sending ? labels.rescheduling : labels.rescheduleConfirm}
        </Button>
      </div>
    </form>
  )
}
