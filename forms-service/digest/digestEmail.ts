import { formatDay, zonedInstant } from '../../contract/booking/booking.js'
import { isOverdue, type InboxSort } from '../../contract/wire/inbox.js'
import { consultationServices, contactServices, labelOf } from '../../contract/forms/options.js'
import type { EmailLine } from '../../contract/content/emails/templateTable.js'
import { urls } from '../../contract/wire/urls.js'
import { recordUrl, toAgency, type EmailContext, type OutgoingEmail } from '../email/messages.js'
import { renderEmail, renderField, singleLine } from '../email/render.js'
import type { FormStore } from '../store/formStore.js'
import type { ConsultationRecord, ContactRecord, EmailRecord } from '../store/records.js'
import { digestWindow, type DigestRules } from './schedule.js'
import { yesterdayValues } from './yesterday.js'

type Lead = { collection: 'consultations'; record: ConsultationRecord } | { collection: 'contacts'; record: ContactRecord }

/** Requests and messages together, oldest first. */
async function leads(store: FormStore, from: string, to: string, status?: 'new'): Promise<Lead[]> {
  const [consultations, contacts] = await Promise.all([
    store.receivedBetween('consultations', from, to, status),
    store.receivedBetween('contacts', from, to, status),
  ])
  return [
    ...consultations.map((record) => ({ collection: 'consultations' as const, record })),
    ...contacts.map((record) => ({ collection: 'contacts' as const, record })),
  ].sort((a, b) => Date.parse(a.record.receivedAt) - Date.parse(b.record.receivedAt))
}

const formats = new Map<string, Intl.DateTimeFormat>()
const shapes = {
  /** 'Fri, Mar 6, 9:14 AM CST' */
  short: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 'Friday, March 6, 9:14 AM CST' */
  long: { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 'Mon 9:00 AM CST': a meeting of the coming days */
  weekday: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
  /** '9:00 AM CST': a meeting of the day */
  time: { hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>
/** An instant as the digest's reader reads it, in the digest's zone, in one of `shapes`. */
function formatIn(instant: Date | string, lang: string, zone: string, shape: keyof typeof shapes = 'short'): string {
  const key = `${lang}|${zone}|${shape}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { timeZone: zone, ...shapes[shape], timeZoneName: 'short' })
    formats.set(key, format)
  }
  const text = format.format(new Date(instant)).replace(/\u202f/g, ' ')
  return shape === 'weekday' ? text.replace(/^(\w+),/, '$1') : text
}

/** A section lists at most this many lines, then "and N more" linked to the admin's list: a normal day fits a screen or two of a phone. */
export const digestSectionLines = 10

/** How long ago, as people say it: '26 hours ago' under two days, '3 days ago' after. */
function ageOf(receivedAt: string, due: Date, lang: string): string {
  const hours = Math.floor((due.getTime() - Date.parse(receivedAt)) / 3_600_000)
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'always' })
  return hours < 48 ? relative.format(-hours, 'hour') : relative.format(-Math.floor(hours / 24), 'day')
}

/**
 * The morning digest of `date` (the email's day), rendered from the store as it is when it is sent, in
 * the order the agency acts: the leads that need an answer (still New 24 hours after they arrived,
 * contract/wire/inbox.ts; oldest first, with their age and meeting), the day's meetings still on, the leads
 * received since the previous working day's digest that are still New (with their meeting), those the
 * spam rule suspects apart; the ones already answered are counted in one line, not listed. Each line
 * links to its record; past `digestSectionLines` a section ends with "and N more", linked to the admin's
 * list filtered to it (its query string, as the inbox reads it: site/admin/list/listParams.ts).
 * What the agency set as spam is in none of them, nor is a spam request's meeting.
 */
export async function digestEmail(store: FormStore, rules: DigestRules, context: EmailContext, email: EmailRecord): Promise<OutgoingEmail> {
  const date = email.about.id
  const { templates } = context
  const { lang } = templates.site
  const zone = rules.settings.digestZone
  const window = digestWindow(date, rules)
  const due = window.to
  const site = context.siteUrl.replace(/\/+$/, '')
  const fresh = await leads(store, window.from.toISOString(), due.toISOString())
  const overdue = (await leads(store, new Date(0).toISOString(), due.toISOString(), 'new')).filter((lead) =>
    isOverdue({ status: 'new', receivedAt: lead.record.receivedAt }, due, templates.site.answerWithinHours),
  )
  const overdueIds = new Set(overdue.map((lead) => lead.record.id))
  const stillNew = fresh.filter((lead) => (lead.record.status ?? 'new') === 'new' && !overdueIds.has(lead.record.id))
  const answered = fresh.filter((lead) => (lead.record.status ?? 'new') !== 'new')
  const meetings = (await store.meetingsBetween(zonedInstant(date, 0, zone).toISOString(), zonedInstant(date, 24 * 60, zone).toISOString())).filter(
    (record) => record.meeting.state !== 'cancelled' && record.status !== 'spam',
  )

  const field = (name: 'requestLabel' | 'messageLabel' | 'meetingLabel') => renderField(templates, 'morning-digest', name, values)
  const leadLine = (lead: Lead, when: string): EmailLine => {
    const { record } = lead
    const [kind, business, name, service] =
      lead.collection === 'consultations'
        ? [field('requestLabel'), lead.record.businessName, lead.record.contactName, labelOf(consultationServices, lead.record.serviceInterest)]
        : [field('messageLabel'), lead.record.business, lead.record.name, labelOf(contactServices, lead.record.service)]
    const meeting = lead.collection === 'consultations' && lead.record.meeting?.state !== 'cancelled' ? lead.record.meeting : undefined
    return {
      text: `${kind}: ${singleLine(business)} (${singleLine(name)}), ${service}, ${when}${meeting ? `; ${field('meetingLabel')} ${formatIn(meeting.start, lang, zone, 'weekday')}` : ''}`,
      url: recordUrl(context, lead.collection, record.id),
    }
  }
  const listUrl = (collection: Lead['collection'], sort?: InboxSort) =>
    `${site}${collection === 'consultations' ? urls.admin.consultations : urls.admin.messages}?status=new${sort ? `&sort=${sort}` : ''}`
  /** The first lines of a section, then one "and N more" line for each list the rest are in. */
  const section = (list: Lead[], line: (lead: Lead) => EmailLine, sort?: InboxSort): EmailLine[] => {
    const rest = list.slice(digestSectionLines)
    const more = (collection: Lead['collection'], name: 'moreRequests' | 'moreMessages'): EmailLine[] => {
      const count = rest.filter((lead) => lead.collection === collection).length
      return count === 0
        ? []
        : [{ text: renderField(templates, 'morning-digest', name, { ...values, moreCount: String(count) }), url: listUrl(collection, sort) }]
    }
    return [...list.slice(0, digestSectionLines).map(line), ...more('consultations', 'moreRequests'), ...more('contacts', 'moreMessages')]
  }
  const values = {
    day: formatDay(date),
    since: formatIn(window.from, lang, zone, 'long'),
    newCount: String(stillNew.length),
    overdueCount: String(overdue.length),
    meetingCount: String(meetings.length),
    answeredCount: String(answered.length),
    moreCount: '',
    newLeads: [] as EmailLine[],
    suspectedLeads: [] as EmailLine[],
    overdueLeads: [] as EmailLine[],
    meetings: [] as EmailLine[],
    meetingsUrl: `${site}${urls.admin.meetings}`,
    ...(await yesterdayValues(store, date, due, templates.site.answerWithinHours)),
  }
  const meetingLines = meetings.map(
    (record): EmailLine => ({
      text: `${formatIn(record.meeting.start, lang, zone, 'time')}: ${singleLine(record.businessName)} (${singleLine(record.contactName)}), ${singleLine(record.phone)}, ${labelOf(consultationServices, record.serviceInterest)}`,
      url: recordUrl(context, 'consultations', record.id),
    }),
  )
  const restOfMeetings = meetingLines.length - digestSectionLines
  values.meetings = [
    ...meetingLines.slice(0, digestSectionLines),
    ...(restOfMeetings > 0
      ? [{ text: renderField(templates, 'morning-digest', 'moreMeetings', { ...values, moreCount: String(restOfMeetings) }), url: values.meetingsUrl }]
      : []),
  ]
  const received = (lead: Lead) => formatIn(lead.record.receivedAt, lang, zone)
  values.overdueLeads = section(overdue, (lead) => leadLine(lead, ageOf(lead.record.receivedAt, due, lang)), 'overdue')
  // Suspected leads are New leads (counted as such), listed under their own heading.
  values.newLeads = section(
    stillNew.filter((lead) => !lead.record.suspicion),
    (lead) => leadLine(lead, received(lead)),
  )
  values.suspectedLeads = section(
    stillNew.filter((lead) => lead.record.suspicion),
    (lead) => leadLine(lead, received(lead)),
  )
  const rendered = renderEmail(templates, 'morning-digest', values)
  // One digest a day: the email's own id names its Message-ID.
  return { ...toAgency(context, email.id, 'morning-digest', rendered), messageId: `<${email.id}@${context.messageIdDomain}>` }
}
