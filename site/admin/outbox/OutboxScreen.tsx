import { useCallback, useEffect, useMemo } from 'react'
import { format } from '../../content/ui'
import { Announcer, useNotice } from '../Announcer'
import { EmptyState } from '../EmptyState'
import { listSearch, pageSize, readListParams, type ListParams } from '../list/listParams'
import { ListToolbar } from '../list/ListToolbar'
import { navigate, useLocationSearch } from '../list/location'
import { Pager } from '../list/Pager'
import type { GateLabels, OutboxScreenLabels, ShellLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { DeliveryNote } from './DeliveryNote'
import { emailStateLabel } from './emailLabels'
import { useOutboxPage } from './outboxQueries'
import { OutboxTable } from './OutboxTable'
import { emailStates } from '../../../contract/wire/inbox'
import type { EmailState } from '../../../contract/wire/records'

type OutboxScreenProps = { labels: OutboxScreenLabels; shell: ShellLabels }

const countFormat = new Intl.NumberFormat('en-US')

/** /admin/outbox: every email with where it stands, filtered by status and paged in the query string ('?status=failed&page=2'). */
export function OutboxScreen({ labels, shell }: OutboxScreenProps) {
  const search = useLocationSearch()
  const params = useMemo(() => readListParams(new URLSearchParams(search ?? ''), emailStates), [search])
  const onParams = useCallback((next: ListParams<EmailState>) => navigate(listSearch(next), 'replace'), [])
  const query = useOutboxPage(params, search !== null)
  const [notice, announce] = useNotice()
  const { session, inbox, outbox } = labels
  const gateLabels: GateLabels = {
    ...session,
    loading: outbox.loading,
    fetchFailed: outbox.fetchFailed,
    loadError: outbox.loadError,
    signInText: outbox.signInText,
  }
  const data = query.data

  // A page past the end (the filter now matches fewer emails): show the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) onParams({ ...params, page: Math.ceil(data.total / pageSize) })
  }, [data, params, onParams])

  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gateLabels}>
        {(page) => (
          <div className="space-y-6">
            <PanelHeader
              heading={page.total === 1 ? outbox.countOne : format(outbox.countOther, { count: countFormat.format(page.total) })}
              refreshing={query.isFetching}
              onRefresh={() => void query.refetch()}
              labels={session}
            />
            <DeliveryNote delivery={page.delivery} labels={outbox} />
            <ListToolbar
              params={params}
              onParams={onParams}
              statuses={emailStates.map((state) => ({ value: state, label: emailStateLabel(state, inbox) }))}
              searchable={false}
              labels={inbox}
            />
            {page.items.length === 0 ? (
              <EmptyState title={params.status ? inbox.noMatchesTitle : outbox.emptyTitle} text={params.status ? outbox.noMatchesText : outbox.emptyText} />
            ) : (
              <>
                <OutboxTable page={page} labels={labels} shell={shell} onResent={() => announce(inbox.resent)} />
                <Pager page={params.page} shown={page.items.length} total={page.total} onPage={(next) => onParams({ ...params, page: next })} labels={inbox} />
              </>
            )}
          </div>
        )}
      </QueryGate>
    </div>
  )
}
