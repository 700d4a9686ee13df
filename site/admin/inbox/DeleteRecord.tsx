import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { format } from '../../content/ui'
import { Button } from '../../ui/button'
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog'
import type { KindLabels, ShellLabels } from '../labels'
import type { KindDefinition } from './definition'
import { useDeleteRecord } from '../records'
import type { InboxViewBase } from '../../../contract/wire/records'

type DeleteRecordProps<R extends InboxViewBase> = {
  definition: KindDefinition<R>
  record: R
  labels: KindLabels
  shell: ShellLabels
  /** The record is gone: the screen leaves it, and puts focus on the list. */
  onDeleted: (record: R) => void
}

/** "Delete request" and its confirmation. */
export function DeleteRecord<R extends InboxViewBase>({ definition, record, labels, shell, onDeleted }: DeleteRecordProps<R>) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteRecord(definition.endpoints, record.id)
  const names = { business: definition.business(record), name: definition.person(record) }

  return (
    <>
      <Button
        type="button"
        onClick={() => {
          remove.reset()
          setOpen(true)
        }}
        variant="outlineDestructive"
        size="sm"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {labels.deleteButton}
      </Button>
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        title={labels.deleteTitle}
        description={format(labels.deleteText, names)}
        labels={shell}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => onDeleted(record),
          })
        }
        pending={remove.isPending}
        failed={remove.isError}
      />
    </>
  )
}
