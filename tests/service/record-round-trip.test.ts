import { randomUUID } from 'node:crypto'
import path from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { emailNames } from '../../contract/content/emails/templateTable.js'
import { emailHoldReasons, emailStates, inboxStatuses } from '../../contract/wire/inbox.js'
import { readExport, writeExport } from '../../forms-service/store/exportFile.js'
import type { EmailUpdate } from '../../forms-service/store/outboxStore.js'
import { emptyData, type ContactRecord, type Data, type EmailRecord } from '../../forms-service/store/records.js'
import { openStore } from '../../forms-service/store/store.js'
import { defaultConfig } from '../../forms-service/config.js'
import { freshStore, tempDir, validContact } from './helpers.js'

// Every field of a stored email, and of a message with its triage, generated (fast-check) and sent through
// the store, its export file and a fresh start on the same data: equal in, equal out. A field a store
// forgot (a column map, a check on load) is a field lost or a start refused here.

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }).map((at) => at.toISOString())
const text = fc.string({ minLength: 1, maxLength: 40 })
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })

/** An outcome a sender or the admin may set, every field by itself present or not (as the stores write them). */
const emailUpdate: fc.Arbitrary<Omit<EmailUpdate, 'message'>> = fc.record(
  {
    queuedAt: instant,
    state: fc.constantFrom(...emailStates),
    attempts: fc.nat({ max: 50 }),
    nextAttemptAt: instant,
    lastError: text,
    sentAt: instant,
    to: text,
    subject: text,
    file: text,
    queuedByRequest: text,
    heldFor: fc.constantFrom(...emailHoldReasons),
    recipientKey: text,
    recipientAt: instant,
    resentAt: instant,
    queuedFrom: fc.record({ client: text, network: text }),
  } satisfies { [K in keyof Omit<EmailUpdate, 'message'>]-?: fc.Arbitrary<unknown> },
  { requiredKeys: [] },
)

const message = fc.record({
  receivedAt: instant,
  triage: optional(fc.record({ status: fc.constantFrom(...inboxStatuses.filter((status) => status !== 'new')), at: instant, note: text, noteAt: instant })),
})

const email = (about: EmailRecord['about']) =>
  fc
    .tuple(fc.constantFrom(...emailNames), instant, emailUpdate)
    .map(
      ([kind, createdAt, set]): EmailRecord => ({ id: randomUUID(), about, kind, createdAt, state: 'queued', attempts: 0, nextAttemptAt: createdAt, ...set }),
    )

const contactOf = ({ receivedAt, triage }: typeof message extends fc.Arbitrary<infer T> ? T : never): ContactRecord => {
  const { _gotcha, _elapsedMs, ...fields } = validContact() as ReturnType<typeof validContact> & { _gotcha?: string; _elapsedMs?: number }
  return {
    id: randomUUID(),
    receivedAt,
    ...(fields as Omit<ContactRecord, 'id' | 'receivedAt'>),
    ...(triage ? { status: triage.status, statusChanges: [{ status: triage.status, at: triage.at }], note: triage.note, noteUpdatedAt: triage.noteAt } : {}),
  }
}

it('keeps every field of an email and of a message through the store, its export file and a fresh start', async () => {
  await fc.assert(
    fc.asyncProperty(
      message.chain((arrived) => {
        const contact = contactOf(arrived)
        return fc.tuple(fc.constant(contact), fc.array(email({ collection: 'contacts', id: contact.id }), { minLength: 1, maxLength: 3 }), emailUpdate)
      }),
      async ([contact, emails, later]) => {
        const { dataFile, databaseUrl } = await freshStore()
        const config = { ...defaultConfig, dataFile, databaseUrl }
        const data: Data = { ...emptyData(), contacts: [contact], emails }
        // An outcome set later is kept whole, as the sender and the admin set it.
        const updated: Data = { ...data, emails: [{ ...emails[0]!, ...later }, ...emails.slice(1)] }
        const store = await openStore(config)
        try {
          await store.importData(data)
          expect(await store.exportData()).toEqual(data)
          await store.updateEmail(emails[0]!.id, later)
          expect(await store.exportData()).toEqual(updated)
          const file = path.join(tempDir(), 'export.json')
          await writeExport(file, await store.exportData())
          expect(await readExport(file)).toEqual(updated)
        } finally {
          await store.close()
        }
        // A fresh start on the same file or database reads it back as it was written.
        const again = await openStore(config)
        try {
          expect(await again.exportData()).toEqual(updated)
        } finally {
          await again.close()
        }
      },
    ),
    { numRuns: 12 },
  )
})
