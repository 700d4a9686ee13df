import type { ReactNode } from 'react'
import type { InboxLabels } from '../labels'
import type { InboxSort } from '../../../contract/wire/inbox'
import type { InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxViewBase } from '../../../contract/wire/records'
import type { Hidden } from '../../../contract/forms/exhaustive'

/**
 * A column of a list, between Name (with the phone to call) and Status; Business, Received and Name come
 * first. `onCard`: also on a phone's card (the others are for wide screens).
 */
export type Column<R> = { header: keyof InboxLabels; cell: (record: R, labels: InboxLabels) => ReactNode; onCard?: boolean }

/** A field of the detail: a term and its value; `wide` fields take the whole row. */
export type Field<R> = { label: keyof InboxLabels; value: (record: R, labels: InboxLabels) => ReactNode; wide?: boolean }

/**
 * The record page's fields in order, keyed by the form's fields (`F`: contract/wire/records.ts), each shown or
 * `hidden`, with the record's own (received, id) among them: a new field of the form is a type error here.
 */
export type FieldTable<F, R> = Record<keyof F, Field<R> | Hidden> & Record<string, Field<R> | Hidden>

/**
 * What differs between the inbox screens (consultation requests, contact messages): where the API is
 * and how a record reads. The list, detail, status, note, emails and delete are the same machinery.
 */
export type KindDefinition<R extends InboxViewBase> = {
  /** Its endpoints: the list, the export, one record (contract/wire/api.ts). */
  endpoints: InboxEndpoints<R>
  business: (record: R) => string
  person: (record: R) => string
  columns: Column<R>[]
  fields: Field<R>[]
  /** The orders its list offers (contract/wire/inbox.ts inboxSorts): a requested date only where there is one. */
  sorts: readonly InboxSort[]
  /**
   * The network a lead came from as a prefix ('203.0.113.0/24'), where the kind keeps one (consultation
   * requests; not those stored before): Spam and block offers to block a burst's networks for a while.
   */
  network?: (record: R) => string | undefined
}
