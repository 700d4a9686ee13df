import type { InboxSort } from '../../../contract/wire/inbox'
import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { SelectField, TextField } from '../../forms/fields'
import { cn } from '../../ui/cn'
import type { InboxLabels } from '../labels'
import type { ListParams } from './listParams'

/** Typing waits this long before the list is asked again. */
const SEARCH_DELAY_MS = 300

type ListToolbarProps<S extends string> = {
  params: ListParams<S>
  onParams: (params: ListParams<S>) => void
  /** The status filter's choices, after All. */
  statuses: { value: S; label: string }[]
  /** The orders offered, after the first (newest first); none for a list in one order (the outbox). */
  sorts?: { value: InboxSort; label: string }[]
  /** False for a list the API cannot search (the outbox): the status filter alone. */
  searchable?: boolean
  /** Whose leads, after Everyone's ("Mine"); none for a list without owners, or a desk without accounts. */
  owners?: { value: string; label: string }[]
  labels: Pick<InboxLabels, 'searchLabel' | 'searchHint' | 'statusLabel' | 'statusAll'> &
    Partial<Pick<InboxLabels, 'sortLabel' | 'ownerFilter' | 'ownerEveryone'>>
}

/** The search box (name, business, email, phone) and the status filter; both start again at page 1. */
export function ListToolbar<S extends string>({ params, onParams, statuses, sorts, searchable = true, owners = [], labels }: ListToolbarProps<S>) {
  const id = useId()
  const [text, setText] = useState(params.q)

  useEffect(() => {
    if (text.trim() === params.q) return
    const timer = setTimeout(() => onParams({ ...params, q: text.trim(), page: 1 }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, params, onParams])

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is recent; role="search" on the form is the pattern screen readers know
    <form
      role="search"
      className={cn(
        'grid gap-4 rounded-2xl bg-card p-4 shadow-sm ring-1 ring-border sm:p-5',
        !searchable
          ? 'sm:w-fit sm:grid-cols-[14rem]'
          : sorts && sorts.length > 1
            ? owners.length > 0
              ? 'md:grid-cols-2 xl:grid-cols-[1fr_12rem_12rem_12rem]'
              : 'md:grid-cols-[1fr_12rem_12rem]'
            : 'sm:grid-cols-[1fr_14rem]',
      )}
      onSubmit={(event) => {
        event.preventDefault()
        if (text.trim() !== params.q) onParams({ ...params, q: text.trim(), page: 1 })
      }}
    >
      {searchable && (
        <div className="relative">
          <TextField
            id={`${id}-q`}
            label={labels.searchLabel}
            type="search"
            required={false}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            className="pl-10"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-[2.6rem] h-4 w-4 text-subtle" />
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted-foreground">
            {labels.searchHint}
          </p>
        </div>
      )}
      <SelectField
        id={`${id}-status`}
        label={labels.statusLabel}
        required={false}
        placeholder={labels.statusAll}
        options={statuses}
        value={params.status ?? ''}
        onChange={(event) => {
          const status = statuses.find((option) => option.value === event.target.value)?.value ?? null
          onParams({ ...params, status, page: 1 })
        }}
      />
      {sorts && sorts.length > 1 && (
        <SelectField
          id={`${id}-sort`}
          label={labels.sortLabel ?? ''}
          required={false}
          options={sorts.slice(1)}
          placeholder={sorts[0]!.label}
          value={params.sort && params.sort !== 'received' ? params.sort : ''}
          onChange={(event) => {
            const sort = sorts.find((option) => option.value === event.target.value)?.value
            onParams({ ...params, sort, page: 1 })
          }}
        />
      )}
      {owners.length > 0 && (
        <SelectField
          id={`${id}-owner`}
          label={labels.ownerFilter ?? ''}
          required={false}
          options={owners}
          placeholder={labels.ownerEveryone ?? ''}
          value={owners.some((option) => option.value === params.owner) ? params.owner : ''}
          onChange={(event) => {
            const owner = owners.find((option) => option.value === event.target.value)?.value
            const { owner: _owner, ...rest } = params
            onParams({ ...rest, ...(owner ? { owner } : {}), page: 1 })
          }}
        />
      )}
    </form>
  )
}
