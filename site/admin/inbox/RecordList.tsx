import { useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { inboxStatuses, type InboxStatus } from '../../../contract/wire/inbox'
import { format } from '../../content/ui'
import { apiBase } from '../../forms/api'
import { Button } from '../../ui/button'
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog'
import { EmptyState } from '../EmptyState'
import type { GateLabels, InboxScreenLabels, ShellLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import type { KindDefinition } from './definition'
import { csvApiPath, pageSize, type ListParams } from '../list/listParams'
import { BulkBar } from './BulkBar'
import { ListToolbar } from '../list/ListToolbar'
import { NotSpamButton } from './NotSpamButton'
import { Pager } from '../list/Pager'
import { RecordTable } from './RecordTable'
import { listApiPath } from '../list/listParams'
import { summaryKey, useBulkChange, useRecordPage, useSpamAndBlock, useSummary } from '../records'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { RetentionNote } from './RetentionNote'
import { useMe } from '../session'
import { SpamBlockDialog } from './SpamBlockDialog'
import { burstNetworks } from './burstNetworks'
import { meetingAhead } from './leadMeeting'
import { statusLabel } from './statusLabels'
import type { InboxViewBase } from '../../../contract/wire/records'

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
  /** Says what a change did (the screen's live region). */
  announce: (text: string) => void
  labels: InboxScreenLabels
  shell: ShellLabels
  gateLabels: GateLabels
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * A kind's list: count, Refresh, Export CSV, search, status filter and order, the selection's bulk
 * changes, the table and its pages, and how long records are kept.
 */
export function RecordList<R extends InboxViewBase>(props: RecordListProps<R>) {
  const { definition, params, onParams, enabled, focusRecord, onFocused, announce, labels, shell, gateLabels } = props
  const query = useRecordPage<R>(definition.endpoints, params, enabled)
  const summary = useSummary(enabled)
  const queryClient = useQueryClient()
  const heading = useRef<HTMLHeadingElement>(null)
  const table = useRef<HTMLDivElement>(null)
  const data = query.data
  const bulk = useBulkChange(definition.endpoints)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const spamAndBlock = useSpamAndBlock(definition.endpoints)
  const [confirmBlock, setConfirmBlock] = useState(false)
  // The checked records belong to the page they were checked on: another page, filter or order starts empty.
  const pageKey = listApiPath(definition.endpoints.list, params)
  const [selection, setSelection] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({ pageKey, ids: new Set() })
  const onPage = new Set(data?.items.map((item) => item.id) ?? [])
  const selected: ReadonlySet<string> = new Set(selection.pageKey === pageKey ? [...selection.ids].filter((id) => onPage.has(id)) : [])
  const select = (ids: Iterable<string>) => setSelection({ pageKey, ids: new Set(ids) })
  const selectedLeads = (data?.items ?? []).filter((item) => selected.has(item.id))
  const done = (text: string) => {
    select([])
    setConfirmDelete(false)
    setConfirmBlock(false)
    setAskClose(false)
    announce(text)
    heading.current?.focus()
  }
  // Closing leads with meetings ahead asks once, for all of them, whether those meetings go too.
  const [askClose, setAskClose] = useState(false)
  const withMeetings = selectedLeads.filter((item) => meetingAhead(item)).length
  const bulkStatus = (status: InboxStatus) => {
    if (status !== 'closed' || withMeetings === 0) return bulkChange({ status })
    bulk.reset()
    setAskClose(true)
  }
  const bulkChange = (change: { status: InboxStatus; cancelMeeting?: boolean } | { delete: true }) =>
    bulk.mutate(
      { ids: [...selected], ...change },
      {
        onSuccess: ({ changed }) =>
          done(
            'status' in change
              ? format(labels.inbox.bulkChanged, { count: countFormat.format(changed), status: statusLabel(change.status, labels.inbox) })
              : format(labels.inbox.bulkDeleted, { count: countFormat.format(changed) }),
          ),
      },
    )

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
  const filtered = Boolean(params.status || params.q || params.owner)
  // "Mine" for a person at the desk; ADMIN_PASSWORD alone (no accounts yet) owns no lead.
  const me = useMe().data
  const owners = me && !me.bootstrap ? [{ value: me.id, label: inbox.ownerMine }] : []
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
            owners={owners}
            labels={inbox}
          />
          {page.items.length === 0 ? (
            <EmptyState title={filtered ? inbox.noMatchesTitle : kind.emptyTitle} text={filtered ? inbox.noMatchesText : kind.emptyText} />
          ) : (
            <>
              <BulkBar
                count={selected.size}
                total={page.items.length}
                onSelectAll={(checked) => select(checked ? page.items.map((item) => item.id) : [])}
                onStatus={bulkStatus}
                onDelete={() => {
                  bulk.reset()
                  setConfirmDelete(true)
                }}
                onSpamAndBlock={() => {
                  spamAndBlock.reset()
                  setConfirmBlock(true)
                }}
                pending={bulk.isPending}
                failed={bulk.isError && !confirmDelete && !askClose}
                labels={inbox}
              />
              <RecordTable
                definition={definition}
                records={page.items}
                caption={kind.tableLabel}
                labels={inbox}
                onOpen={props.onOpen}
                selected={selected}
                onSelect={(id, checked) => select(checked ? [...selected, id] : [...selected].filter((other) => other !== id))}
                statusAction={(record, describedBy) =>
                  record.status === 'spam' && (
                    <NotSpamButton
                      endpoints={definition.endpoints}
                      record={record}
                      describedBy={describedBy}
                      onRestored={() => done(format(inbox.notSpamDone, { name: definition.business(record) }))}
                      labels={inbox}
                    />
                  )
                }
                tableRef={table}
              />
              <Pager page={params.page} shown={page.items.length} total={page.total} onPage={(next) => onParams({ ...params, page: next })} labels={inbox} />
            </>
          )}
          {summary.data?.retention && <RetentionNote retention={summary.data.retention} labels={inbox} />}
          <SpamBlockDialog
            open={confirmBlock}
            onOpenChange={setConfirmBlock}
            count={selected.size}
            networks={definition.network ? burstNetworks(selectedLeads, definition.network) : []}
            onConfirm={(networks) =>
              spamAndBlock.mutate(
                { leads: selectedLeads, reason: inbox.spamBlockReason, networks },
                {
                  onSuccess: ({ changed, blocked, networks: ranges }) =>
                    done(
                      format(ranges > 0 ? inbox.spamAndBlockedNetworks : inbox.spamAndBlocked, {
                        count: countFormat.format(changed),
                        blocked: countFormat.format(blocked),
                        networks: countFormat.format(ranges),
                      }),
                    ),
                },
              )
            }
            pending={spamAndBlock.isPending}
            failed={spamAndBlock.isError}
            fallbackFocus={() => heading.current}
            labels={inbox}
            cancel={shell.cancel}
          />
          <ConfirmDialog
            open={askClose}
            onOpenChange={setAskClose}
            title={withMeetings === 1 ? inbox.closeMeetingsOne : format(inbox.closeMeetingsOther, { count: countFormat.format(withMeetings) })}
            description={inbox.closeMeetingsText}
            labels={{ confirm: inbox.closeAndCancelAll, pending: inbox.closing, cancel: inbox.closeBack, failed: inbox.bulkFailed }}
            onConfirm={() => bulkChange({ status: 'closed', cancelMeeting: true })}
            pending={bulk.isPending}
            failed={bulk.isError}
            fallbackFocus={() => heading.current}
          >
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-4"
              aria-disabled={bulk.isPending}
              onClick={() => bulk.isPending || bulkChange({ status: 'closed', cancelMeeting: false })}
            >
              {inbox.closeAndKeepAll}
            </Button>
          </ConfirmDialog>
          <ConfirmDeleteDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={kind.bulkDeleteTitle}
            description={format(inbox.bulkDeleteText, { count: countFormat.format(selected.size) })}
            labels={shell}
            onConfirm={() => bulkChange({ delete: true })}
            pending={bulk.isPending}
            failed={bulk.isError}
            fallbackFocus={() => heading.current}
          />
        </div>
      )}
    </QueryGate>
  )
}
