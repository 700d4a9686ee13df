import { useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { inboxStatuses } from '../../../../contract/inbox'
import { format } from '../../../content/ui'
import { apiBase } from '../../../forms/api'
import { Button } from '../../../ui/button'
import { EmptyState } from '../EmptyState'
import type { GateLabels, InboxScreenLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import type { KindDefinition } from './definition'
import { csvApiPath, pageSize, type ListParams } from './listParams'
import { ListToolbar } from './ListToolbar'
import { Pager } from './Pager'
import { RecordTable } from './RecordTable'
import { summaryKey, useRecordPage } from './records'
import { statusLabel } from './statusLabels'
import type { InboxViewBase } from '../../../../contract/records'

const sortWord = { received: 'sortReceived', requested: 'sortRequested', overdue: 'sortOverdue' } as const

export type RecordListProps<R extends InboxViewBase> = {
  definition: KindDefinition<R>
  params: ListParams
  onParams: (params: ListParams) => void
  onOpen: (id: string) => void
  /** False until the page knows its query string (server HTML, hydration). */
  enabled: boolean
  /** Coming back from a record: focus its link, or the count heading if it is gone. */
  focusRecord: { id: string | null } | null
  onFocused: () => void
  labels: InboxScreenLabels
  gateLabels: GateLabels
}

const countFormat = new Intl.NumberFormat('en-US')

/** A kind's list: count, Refresh, Export CSV, search and status filter, the table and its pages. */
export function RecordList<R extends InboxViewBase>(props: RecordListProps<R>) {
  const { definition, params, onParams, enabled, focusRecord, onFocused, labels, gateLabels } = props
  const query = useRecordPage<R>(definition.endpoints, params, enabled)
  const queryClient = useQueryClient()
  const heading = useRef<HTMLHeadingElement>(null)
  const table = useRef<HTMLDivElement>(null)
  const data = query.data

  useEffect(() => {
    if (!focusRecord || data === undefined) return
    const link = focusRecord.id === null ? null : table.current?.querySelector<HTMLElement>(`[data-record-id="${CSS.escape(focusRecord.id)}"]`)
    ;(link ?? heading.current)?.focus()
    onFocused()
  }, [focusRecord, data, onFocused])

  // A page past the end (its last records were deleted): show the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) onParams({ ...params, page: Math.ceil(data.total / pageSize) })
  }, [data, params, onParams])

  const { kind, inbox, session } = labels
  const filtered = Boolean(params.status || params.q)
  return (
    <QueryGate query={query} labels={gateLabels}>
      {(page) => (
        <div className="space-y-6">
          <PanelHeader
            heading={page.total === 1 ? kind.countOne : format(kind.countOther, { count: countFormat.format(page.total) })}
            headingRef={heading}
            refreshing={query.isFetching}
            onRefresh={() => {
              void query.refetch()
              void queryClient.invalidateQueries({ queryKey: summaryKey })
            }}
            labels={session}
          >
            {/* The session cookie goes with a plain link (same site, its path); the service names the file. */}
            <Button asChild variant="outline" size="sm">
              <a href={apiBase + csvApiPath(definition.endpoints.csv, params)} download>
                <Download aria-hidden="true" className="h-4 w-4" />
                {inbox.exportCsv}
              </a>
            </Button>
          </PanelHeader>
          <ListToolbar
            params={params}
            onParams={onParams}
            statuses={inboxStatuses.map((status) => ({ value: status, label: statusLabel(status, inbox) }))}
            sorts={definition.sorts.map((sort) => ({ value: sort, label: inbox[sortWord[sort]] }))}
            labels={inbox}
          />
          {page.items.length === 0 ? (
            <EmptyState title={filtered ? inbox.noMatchesTitle : kind.emptyTitle} text={filtered ? inbox.noMatchesText : kind.emptyText} />
          ) : (
            <>
              <RecordTable definition={definition} records={page.items} caption={kind.tableLabel} labels={inbox} onOpen={props.onOpen} tableRef={table} />
              <Pager page={params.page} shown={page.items.length} total={page.total} onPage={(next) => onParams({ ...params, page: next })} labels={inbox} />
            </>
          )}
        </div>
      )}
    </QueryGate>
  )
}
