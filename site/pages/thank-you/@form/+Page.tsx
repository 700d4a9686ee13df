import { CircleCheck } from 'lucide-react'
import { PagePanel } from '../../../components/PagePanel'
import { Button } from '../../../ui/button'
import { urls } from '../../../../contract/wire/urls'
import { calendarLinkPlaceholders, meetingTimeMarker } from '../../../../contract/wire/meetingPages'
import { AddToCalendar } from '../../../components/AddToCalendar'
import { meetingRecapClass } from '../../../components/MeetingWhen'
import { cn } from '../../../ui/cn'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { title, text, backHome, meetingTime, calendar } = data
  return (
    <PagePanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-success" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{title}</h1>
      {text && <p className="mt-4 text-lg leading-8 text-muted-foreground">{text}</p>}
      {meetingTime && (
        // Empty, and so hidden, until the forms service serving the page for a booking writes the time in.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant marker, replaced by the service with the escaped time
        <p className={cn(meetingRecapClass, 'empty:hidden')} dangerouslySetInnerHTML={{ __html: meetingTimeMarker }} />
      )}
      {calendar && (
        // Hidden while its links still point at their placeholders: only a booking the service knows has them.
        <AddToCalendar labels={calendar} {...calendarLinkPlaceholders} className="mt-6 has-[a[href^='#calendar-']]:hidden" />
      )}
      <Button asChild className="mt-8">
        <a href={urls.home}>{backHome}</a>
      </Button>
    </PagePanel>
  )
}
