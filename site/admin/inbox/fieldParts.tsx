import type { InboxLabels } from '../labels'
import { excerpt, formatDateTime, telHref, webHref } from '../list/formatting'
import type { Column, Field } from './definition'
import type { InboxViewBase } from '../../../contract/wire/records'
import { sourceInWords } from '../../../contract/wire/sourceWords'

const linkClass =
  'break-all font-medium text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-ring'

/** A lead's own website, followed only when it is an http(s) URL (opens apart from the admin). */
export function Website({ website, labels }: { website: string | undefined; labels: InboxLabels }) {
  if (!website?.trim()) return <span className="text-muted-foreground">{labels.notGiven}</span>
  const href = webHref(website)
  if (!href) return <span className="break-all">{website}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {website}
    </a>
  )
}

/** The fields every lead has, for the kinds' field lists. */
export const commonFields = {
  received: { label: 'received', value: (record) => <time dateTime={record.receivedAt}>{formatDateTime(record.receivedAt, 'long')}</time> },
  email: {
    label: 'email',
    value: (record) => (
      <a href={`mailto:${record.email}`} className={linkClass}>
        {record.email}
      </a>
    ),
  },
  phone: {
    label: 'phone',
    value: (record) => (
      <a href={telHref(record.phone)} className={linkClass}>
        {record.phone}
      </a>
    ),
  },
  message: {
    label: 'message',
    wide: true,
    value: (record, labels) =>
      record.message?.trim() ? (
        <p className="whitespace-pre-wrap break-words">{record.message}</p>
      ) : (
        <span className="text-muted-foreground">{labels.noMessage}</span>
      ),
  },
  id: { label: 'id', value: (record) => <span className="break-all font-mono text-xs">{record.id}</span> },
  source: { label: 'source', value: (record) => <span className="break-words">{sourceInWords(record.source)}</span> },
} satisfies Record<string, Field<InboxViewBase>>

/** Who answers a lead, by name (the view carries the names): a column of both lists. */
export const ownerColumn: Column<InboxViewBase> = {
  header: 'owner',
  onCard: true,
  cell: (record, labels) => (record.owner ? record.names[record.owner] : <span className="text-muted-foreground">{labels.ownerNone}</span>),
}

/** A message's start on one line in a list, in full on hover. */
export function Excerpt({ text, labels }: { text: string | undefined; labels: InboxLabels }) {
  if (!text?.trim()) return <span className="text-muted-foreground">{labels.noMessage}</span>
  return (
    <span className="block truncate md:max-w-[12rem]" title={text}>
      {excerpt(text)}
    </span>
  )
}
