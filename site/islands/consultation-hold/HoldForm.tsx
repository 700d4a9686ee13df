import { formatMeeting, visitorZoneOf } from '../../../contract/booking/booking'
import { api } from '../../../contract/wire/api'
import { format, type UiStrings } from '../../content/ui'
import { type ApiError, apiJson } from '../../forms/api'
import { LinkConfirm } from '../link-confirm/LinkConfirm'

export type HoldFormProps = {
  labels: Pick<UiStrings['consultationHold'], 'hold' | 'holding' | 'success' | 'invalid' | 'failure'> & {
    /** 'Your time: {time}': the meeting in the visitor's own zone, under the success when it reads differently there. */
    localTime: string
  }
  /** The agency's address, offered when the link is not valid. */
  email: string
}

/** A 409 says in the service's own words why no time is held (the link expired, the window filled up, a meeting already booked). */
function serviceRefusal(error: ApiError): string | undefined {
  const sentence = (error.body as { error?: unknown } | null | undefined)?.error
  return error.status === 409 && typeof sentence === 'string' ? sentence : undefined
}

/**
 * Holds the first free start of the window a request kept without a time asked for, once the visitor
 * presses the button of the hold link (`?token=…`); pressing again answers the time already held.
 */
export default function HoldForm({ labels, email }: HoldFormProps) {
  const hold = async (token: string) => {
    const { meeting } = await apiJson(api.meetings.hold, { body: { token } })
    const zone = visitorZoneOf(meeting, Intl.DateTimeFormat().resolvedOptions().timeZone)
    return (
      <>
        {format(labels.success, { meeting: formatMeeting(meeting) })}
        {zone && <span className="mt-1 block text-sm font-normal">{format(labels.localTime, { time: formatMeeting(meeting, zone) })}</span>}
      </>
    )
  }
  return <LinkConfirm labels={{ ...labels, confirm: labels.hold, confirming: labels.holding }} email={email} act={hold} refusal={serviceRefusal} noScriptForm />
}
