import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fillPlaceholders, placeholderValues, type PlaceholderSources } from '../contract/content/placeholders.js'
import { meetingStateWords } from '../contract/content/stateWords.js'

/**
 * The admin screens' words (content/ui.json's adminInbox, and adminMeetings for a meeting's state), so the
 * spreadsheet says what the screen says.
 */
export type InboxWords = Record<string, string>

/** What the error page of a form post says of a meeting its link can no longer change, by why. */
export type ClosedMeetingWords = Record<'cancelled' | 'closed', string>

/**
 * The words of content/ui.json the service writes itself, read once when the app is made (the build has
 * checked the file; the service only reads it): the inbox's, for its CSV, and the meeting page's, for the
 * error page of a form post about a meeting that can no longer be changed, as that page says them with
 * JavaScript (its {email} from content/site.json).
 */
export function loadContentWords(contentDir: string): {
  inbox: InboxWords
  closedMeeting: ClosedMeetingWords
  calendarTitle: string
  answerWithinHours: number
} {
  const read = (name: string): unknown => JSON.parse(readFileSync(path.join(contentDir, name), 'utf8'))
  const site = read('site.json') as PlaceholderSources['site'] & { email: string; name: string; answerWithinHours: number }
  const values = placeholderValues({ site, analysis: read('analysis.json') as PlaceholderSources['analysis'] })
  // Filled as the site fills them (site/content/index.ts): "Received ({{booking.zone}})".
  const ui = fillPlaceholders(read('ui.json'), values) as {
    adminInbox: InboxWords
    adminMeetings: InboxWords
    meeting: { alreadyCancelled: string; closed: string }
    consultation: { calendarTitle: string }
  }
  const { email, name, answerWithinHours } = site
  return {
    inbox: { ...ui.adminInbox, ...Object.fromEntries(Object.values(meetingStateWords).map((key) => [key, ui.adminMeetings[key]!])) },
    closedMeeting: { cancelled: ui.meeting.alreadyCancelled, closed: ui.meeting.closed.replaceAll('{email}', email) },
    // The thank-you page's Add to calendar without JavaScript names the entry as the dialog's does.
    calendarTitle: ui.consultation.calendarTitle.replaceAll('{site}', name),
    // The overdue rule's figure, which the pages promise as {{site.answerWithinHours}}.
    answerWithinHours,
  }
}
