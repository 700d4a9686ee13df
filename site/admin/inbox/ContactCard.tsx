import { Mail, Phone } from 'lucide-react'
import { useId } from 'react'
import type { InboxLabels } from '../labels'
import { telHref } from '../list/formatting'
import type { InboxViewBase } from '../../../contract/wire/records'

const linkClass =
  'inline-flex min-h-11 items-center gap-2 break-all font-medium text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-ring'

/** Who to reach and how, in a record's first screen: a tap calls, a click writes (the details leave them out: one place). */
export function ContactCard({ record, person, labels }: { record: InboxViewBase; person: string; labels: InboxLabels }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card px-5 py-4 shadow-sm ring-1 ring-border sm:px-6">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
          {labels.contact}
        </h3>
        <span className="font-medium text-foreground">{person}</span>
      </div>
      <ul className="flex flex-wrap gap-x-6">
        <li>
          <a href={telHref(record.phone)} className={linkClass}>
            <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
            {record.phone}
          </a>
        </li>
        <li>
          <a href={`mailto:${record.email}`} className={linkClass}>
            <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
            {record.email}
          </a>
        </li>
      </ul>
    </section>
  )
}
