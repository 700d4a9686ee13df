import { randomUUID } from 'node:crypto'
import type { InboxChange, InboxStatus } from '../../../contract/wire/inbox.js'
import type { ChangedBy } from '../../../contract/wire/records.js'
import type { PersonKeys } from '../../../contract/booking/person.js'
import type { ConsultationFields, ContactFields } from '../formStore.js'
import {
  byAddress,
  countByStatus,
  countOverdue,
  listRecords,
  receivedBetween,
  type InboxCollection,
  type InboxRecord,
  type ListQuery,
  type Page,
} from '../inboxQuery.js'
import { noEmails, type InboxStore, type LeadArrival, type LeadFollow, type Subscription } from '../inboxStore.js'
import { meetingFollowingLead, withMeetingCancelled } from '../leadMeeting.js'
import type { BookedConsultation } from '../meetings.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import { planMeetingChange, triageSet } from '../plans.js'
import type { Change, ConsultationRecord, ContactRecord, RecordCollection, StoredRecord, SubscriberRecord } from '../records.js'
import { embeddedOverviewData } from './overviewQuery.js'
import { queued, type EmbeddedCore } from './core.js'

// The embedded store's inbox: the forms' records arriving (once per submission key), read, triaged,
// erased and removed.

export function inboxFace(core: EmbeddedCore): InboxStore {
  return {
    async addConsultation(lead: LeadArrival<ConsultationFields>): Promise<ConsultationRecord> {
      return core.submitOnce(lead.submissionKey, () => core.insert('consultations', core.stamped(lead), lead.emails ?? noEmails))
    },

    async addContact(lead: LeadArrival<ContactFields>): Promise<ContactRecord> {
      return core.submitOnce(lead.submissionKey, () => core.insert('contacts', core.stamped(lead), lead.emails ?? noEmails))
    },

    async subscribe({ email, emails = noEmails, source }: Subscription): Promise<SubscriberRecord> {
      const key = email.toLowerCase()
      const known = core.emails.get(key)
      if (known) {
        // Wait like a new subscription would, so the reply's timing does not tell that it was known.
        await known.durable
        await core.log.barrier()
        return known.record
      }
      const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: core.now().toISOString(), ...(source ? { source } : {}) }
      const durable = core.log.append(core.withEmails({ collection: 'newsletterSubscribers', record }, emails))
      void durable.then(
        () => emails.kinds.length > 0 && core.emailsQueued(),
        () => undefined,
      )
      core.emails.set(key, { record, durable })
      try {
        await durable
      } catch (error) {
        core.emails.delete(key)
        throw error
      }
      return record
    },

    async subscribers(): Promise<readonly SubscriberRecord[]> {
      return core.tables.data.newsletterSubscribers
    },

    async list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>> {
      return listRecords(core.tables.data[collection] as StoredRecord<C>[], query)
    },

    async find<C extends RecordCollection>(collection: C, id: string): Promise<StoredRecord<C> | undefined> {
      return core.tables.get(collection, id)
    },

    async counts(collection: InboxCollection): Promise<Record<InboxStatus, number>> {
      return countByStatus(core.tables.data[collection])
    },

    async countOverdue(collection: InboxCollection, before: string): Promise<number> {
      return countOverdue(core.tables.data[collection], before)
    },

    async overviewData(window: OverviewWindow): Promise<OverviewData> {
      return embeddedOverviewData(core.tables.data, window)
    },

    async receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]> {
      return receivedBetween(core.tables.data[collection] as StoredRecord<C>[], from, to, status)
    },

    async byAddress(email: string) {
      const subscriber = core.emails.get(email.trim().toLowerCase())
      return {
        consultations: byAddress(core.tables.data.consultations, email),
        contacts: byAddress(core.tables.data.contacts, email),
        subscriber: subscriber && core.tables.get('newsletterSubscribers', subscriber.record.id) ? subscriber.record : null,
      }
    },

    async subscriberOf(email: string): Promise<SubscriberRecord | null> {
      const subscriber = core.emails.get(email.trim().toLowerCase())
      return subscriber && core.tables.get('newsletterSubscribers', subscriber.record.id) ? subscriber.record : null
    },

    async samePerson(keys: readonly PersonKeys[], limit: number) {
      const ids = new Set(keys.flatMap((one) => [...core.tables.people.find(one)]))
      const of = <C extends InboxCollection>(collection: C) =>
        [...ids]
          .map((id) => core.tables.get(collection, id))
          .filter((record) => record !== undefined)
          .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
          .slice(0, limit)
      return { consultations: of('consultations') as ConsultationRecord[], contacts: of('contacts') as ContactRecord[] }
    },

    eraseReceivedBefore(before: string): Promise<number> {
      return core.edit(async () => {
        const changes: Change[] = []
        const erased = new Set<string>()
        for (const collection of ['consultations', 'contacts', 'blockedPosts'] as const) {
          for (const record of core.tables.data[collection]) {
            if (record.receivedAt >= before) continue
            changes.push({ collection, id: record.id, deleted: true })
            erased.add(record.id)
          }
        }
        for (const email of core.tables.data.emails) {
          if (email.about.collection !== 'newsletterSubscribers' && erased.has(email.about.id))
            changes.push({ collection: 'emails', id: email.id, deleted: true })
        }
        // A line per thousand changes, as an import writes them: each is durable whole.
        for (let start = 0; start < changes.length; start += 1000) await core.log.append({ changes: changes.slice(start, start + 1000) })
        return erased.size
      })
    },

    async latestLeadByOwner() {
      const latest = new Map<string, string>()
      for (const record of [...core.tables.data.consultations, ...core.tables.data.contacts] as InboxRecord[]) {
        if (record.owner !== undefined && record.receivedAt > (latest.get(record.owner) ?? '')) latest.set(record.owner, record.receivedAt)
      }
      return latest
    },

    update<C extends InboxCollection>(collection: C, id: string, change: InboxChange & ChangedBy, follow?: LeadFollow): Promise<StoredRecord<C> | undefined> {
      return core.edit(async () => {
        const record = core.tables.get(collection, id) as InboxRecord | undefined
        if (!record) return undefined
        const at = core.now().toISOString()
        // The status and the meeting that follows it: one journal line.
        const cancel = collection === 'consultations' ? meetingFollowingLead(record as ConsultationRecord, change, core.now(), follow) : null
        const set = withMeetingCancelled(triageSet(record, change, at), cancel !== null)
        if (!cancel) {
          if (Object.keys(set).length > 0) await core.log.append({ collection, id, set } as Change)
          return core.tables.get(collection, id)
        }
        const plan = planMeetingChange((record as BookedConsultation).meeting, cancel, at)
        const { meeting } = plan
        const dropped = (await core.emailsAbout('consultations', id)).filter((email) => email.state === 'queued' && plan.drop.includes(email.kind))
        await core.log.append({
          changes: [
            { collection: 'consultations', id, set: { ...set, meeting } },
            ...queued({ collection: 'consultations', id }, plan.emails, at, cancel.emails),
            ...dropped.map((email): Change => ({ collection: 'emails', id: email.id, deleted: true })),
          ],
        })
        core.meetingsIfMade()?.track(id, meeting)
        if (plan.emails.length > 0) core.emailsQueued()
        return core.tables.get(collection, id)
      })
    },

    remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean> {
      return core.edit(async () => {
        const record = core.tables.get(collection, id)
        if (!record) return false
        const emails = (await core.emailsAbout(collection, id)).map((email): Change => ({ collection: 'emails', id: email.id, deleted: true }))
        await core.log.append({ changes: [{ collection, id, deleted: true }, ...emails] })
        const meeting = (record as ConsultationRecord).meeting
        if (collection === 'consultations' && meeting) core.meetingsIfMade()?.forget(meeting.id)
        if (collection === 'newsletterSubscribers') core.emails.delete((record as SubscriberRecord).email.toLowerCase())
        return true
      })
    },
  }
}
