import { useId, useState } from 'react'
import { format } from '../../content/ui'
import { TextAreaField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { maxLength } from '../../../contract/forms/limits'
import { formatDateTime } from '../list/formatting'
import { useUpdateRecord } from '../records'
import type { InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxViewBase } from '../../../contract/wire/records'

type NoteEditorProps = { endpoints: InboxEndpoints<InboxViewBase>; record: InboxViewBase; labels: InboxLabels; announce: (text: string) => void }

const countFormat = new Intl.NumberFormat('en-US')

/** The agency's internal note on a lead, saved on request. */
export function NoteEditor({ endpoints, record, labels, announce }: NoteEditorProps) {
  const id = useId()
  const update = useUpdateRecord(endpoints, record.id)
  const [draft, setDraft] = useState(record.note)
  // A note saved elsewhere (or a reload) replaces the draft only if the draft was unchanged.
  const [saved, setSaved] = useState(record.note)
  if (saved !== record.note) {
    setSaved(record.note)
    if (draft === saved) setDraft(record.note)
  }

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (draft === record.note || update.isPending) return
    update.mutate({ note: draft }, { onSuccess: () => announce(labels.noteSaved) })
  }

  return (
    <form onSubmit={save} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <TextAreaField
        id={`${id}-note`}
        label={labels.note}
        required={false}
        rows={6}
        maxLength={maxLength.note}
        aria-describedby={`${id}-hint`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted-foreground">
        {labels.noteHint} {format(labels.noteCount, { count: countFormat.format(draft.length), max: countFormat.format(maxLength.note) })}
      </p>
      {record.noteUpdatedAt && (
        <p className="mt-1 text-sm text-muted-foreground">{format(labels.noteUpdated, { time: formatDateTime(record.noteUpdatedAt, 'long') })}</p>
      )}
      {update.isError && <Alert className="mt-3">{labels.saveFailed}</Alert>}
      <Button type="submit" aria-disabled={update.isPending} variant="primary" size="sm" className="mt-4">
        {update.isPending ? labels.savingNote : labels.saveNote}
      </Button>
    </form>
  )
}
