import { api } from '../../../contract/wire/api'
import { cancelReasonMaxLength } from '../../../contract/wire/meetingApi'
import { meetingTokenMarker } from '../../../contract/wire/meetingPages'
import { timeSlots } from '../../../contract/forms/options'
import { LinkPage } from '../../components/LinkPage'
import { TextWithEmail } from '../../components/TextWithEmail'
import { apiBase, apiPath } from '../../forms/api'
import { SelectField, TextAreaField, TextField } from '../../forms/fields'
import { Island } from '../../islands/Island'
import { Button } from '../../ui/button'
import type { MeetingPageData } from './meetingPageData'

/**
 * /meeting/cancel and /meeting/reschedule: the island acts on the link's token with JavaScript. Without
 * it, a plain form posts to the service, which put the token in it when it served the page
 * (contract/wire/meetingPages.ts) and answers with a result page, or with the error page for a full window.
 */
export function MeetingPage({ data }: { data: MeetingPageData }) {
  const { action, title, text, ui, breadcrumbUi, email, island } = data
  return (
    <LinkPage title={title} text={text} breadcrumbUi={breadcrumbUi}>
      {/* The page's only task: it hydrates at once. */}
      <Island name="meeting" props={island} />
      <noscript>
        <form method="post" action={apiBase + apiPath(api.meetings[action])} className="grid gap-5 sm:grid-cols-2">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant marker, replaced by the service with the escaped token */}
          <span hidden dangerouslySetInnerHTML={{ __html: meetingTokenMarker }} />
          {action === 'cancel' && (
            <TextAreaField
              id="meeting-reason"
              name="reason"
              label={ui.cancelReason}
              required={false}
              hint={ui.cancelReasonHint}
              rows={3}
              maxLength={cancelReasonMaxLength}
              shellClassName="sm:col-span-2"
            />
          )}
          {action === 'reschedule' && (
            <>
              <TextField id="meeting-date" name="date" type="date" label={ui.newDate} hint={data.dateHint} />
              <SelectField
                id="meeting-time"
                name="timeSlot"
                label={ui.newTime}
                note={ui.timeZone}
                placeholder={data.slotPlaceholder}
                options={[...timeSlots]}
              />
            </>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" variant={action === 'cancel' ? 'destructive' : 'primary'} size="lg" className="w-full sm:w-auto">
              {action === 'cancel' ? ui.cancelConfirm : ui.rescheduleConfirm}
            </Button>
          </div>
        </form>
        <p className="mt-6 text-base leading-7 text-body">
          <TextWithEmail template={ui.noScript} email={email} />
        </p>
      </noscript>
    </LinkPage>
  )
}
