import { cn } from '../../ui/cn'
import type { InboxLabels } from '../labels'
import type { KindDefinition } from './definition'
import type { InboxViewBase } from '../../../contract/wire/records'

type RecordFieldsProps<R extends InboxViewBase> = { definition: KindDefinition<R>; record: R; labels: InboxLabels }

/** Every field of a record, as its kind lists them. */
export function RecordFields<R extends InboxViewBase>({ definition, record, labels }: RecordFieldsProps<R>) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {definition.fields.map((field) => (
        <div key={field.label} className={cn('min-w-0', field.wide && 'sm:col-span-2')}>
          <dt className="text-sm font-medium text-muted-foreground">{labels[field.label]}</dt>
          <dd className="mt-1 break-words text-foreground">{field.value(record, labels)}</dd>
        </div>
      ))}
    </dl>
  )
}
