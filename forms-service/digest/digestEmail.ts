import { formatDay, formatMeeting, zonedInstant } from '../../contract/booking/booking.js'
import { isOverdue } from '../../contract/wire/inbox.js'
import { consultationServices, contactServices, labelOf } from '../../contract/forms/options.js'
import type { EmailLine } from '../../contract/content/emails/templateTable.js'
import { urls } from '../../contract/wire/urls.js'
import { recordUrl, toAgency, type EmailContext, type OutgoingEmail } from '../email/messages.js'
import { renderEmail, renderField, singleLine } from '../email/render.js'
import type { FormStore } from '../store/formStore.js'
import type { ConsultationRecord, ContactRecord, EmailRecord } from '../store/records.js'
import { digestWindow, type DigestRules } from './schedule.js'

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
/** An instant as the digest's reader reads it, in the digest's zone: 'Fri, Mar 6, 9:14 AM CST'. */
function formatIn(instant: Date | string, lang: string, zone: string, long = false): string {
  const key = `${lang}|${zone}|${long}`
  let format = formats.get(key)
  if (!format) {
    const day = long ? ({ weekday: 'long', month: 'long' } as const) : ({ weekday: 'short', month: 'short' } as const)
    format = new Intl.DateTimeFormat(lang, { timeZone: zone, ...day, day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    formats.set(key, format)
  }
  return format.format(new Date(instant)).replace(/\u202f/g, ' ')
}

/**
 * The morning digest of `date` (the email's day), rendered from the store as it is when it is sent: the
 * leads received since the previous working day's digest, the leads still New 24 hours after they
 * arrived (contract/wire/inbox.ts), and the day's meetings still on, each linked to its record in the admin;
 * the new leads the spam rule suspects under a heading of their own. What the agency set as spam is in
 * none of them, nor is a spam request's meeting.
 */
export async function digestEmail(store: FormStore, rules: DigestRules, context: EmailContext, email: EmailRecord): Promise<OutgoingEmail> {
  const date = email.about.id
  const { templates } = context
  const { lang } = templates.site
  const zone = rules.settings.digestZone
  const window = digestWindow(date, rules)
  const due = window.to
  const fresh = await leads(store, window.from.toISOString(), due.toISOString())
  const overdue = (await leads(store, new Date(0).toISOString(), due.toISOString(), 'new')).filter((lead) =>
    isOverdue({ status: 'new', receivedAt: lead.record.receivedAt }, due),
  )
  const meetings = (await store.meetingsBetween(zonedInstant(date, 0, zone).toISOString(), zonedInstant(date, 24 * 60, zone).toISOString())).filter(
    (record) => record.meeting.state !== 'cancelled' && record.status !== 'spam',
  )

  const field = (name: 'requestLabel' | 'messageLabel') => renderField(templates, 'morning-digest', name, values)
  const leadLine = (lead: Lead): EmailLine => {
    const { record } = lead
    const [kind, business, name, service] =
      lead.collection === 'consultations'
        ? [field('requestLabel'), lead.record.businessName, lead.record.contactName, labelOf(consultationServices, lead.record.serviceInterest)]
        : [field('messageLabel'), lead.record.business, lead.record.name, labelOf(contactServices, lead.record.service)]
    return {
      text: `${kind}: ${singleLine(business)} (${singleLine(name)}), ${service}, ${formatIn(record.receivedAt, lang, zone)}`,
      url: recordUrl(context, lead.collection, record.id),
    }
  }
  const values = {
    day: formatDay(date),
    since: formatIn(window.from, lang, zone, true),
    newCount: String(fresh.length),
    overdueCount: String(overdue.length),
    meetingCount: String(meetings.length),
    newLeads: [] as EmailLine[],
    suspectedLeads: [] as EmailLine[],
    overdueLeads: [] as EmailLine[],
    meetings: meetings.map(
      (record): EmailLine => ({
        text: `${formatMeeting(record.meeting, zone).split(' · ')[1]}: ${singleLine(record.businessName)}, ${singleLine(record.contactName)}, ${singleLine(record.phone)} (${labelOf(consultationServices, record.serviceInterest)})`,
        url: recordUrl(context, 'consultations', record.id),
      }),
    ),
    meetingsUrl: `${context.siteUrl.replace(/\/+$/, '')}${urls.admin.meetings}`,
  }
  // Suspected leads are New leads (counted as such), listed under their own heading.
  values.newLeads = fresh.filter((lead) => !lead.record.suspicion).map(leadLine)
  values.suspectedLeads = fresh.filter((lead) => lead.record.suspicion).map(leadLine)
  values.overdueLeads = overdue.map(leadLine)
  const rendered = renderEmail(templates, 'morning-digest', values)
  // One digest a day: the email's own id names its Message-ID.
  return { ...toAgency(context, email.id, 'morning-digest', rendered), messageId: `<${email.id}@${context.messageIdDomain}>` }
}
