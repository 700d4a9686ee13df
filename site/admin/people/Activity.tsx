import { useCallback, useEffect, useId, useMemo } from 'react'
import { auditActions, bootstrapAccountId, type PersonView } from '../../../contract/wire/people'
import { SelectField } from '../../forms/fields'
import { EmptyState } from '../EmptyState'
import type { GateLabels, PagerLabels, PeopleLabels, SessionLabels, ShellLabels } from '../labels'
import { pageSize } from '../list/listParams'
import { navigate, useLocationSearch } from '../list/location'
import { Pager } from '../list/Pager'
import { QueryGate } from '../QueryGate'
import { ActivityTable } from './ActivityTable'
import { auditSearch, readAuditParams, type AuditParams } from './auditParams'
import { auditActionWords } from './auditWords'
import { useAudit } from './peopleQueries'

type ActivityProps = { people: PersonView[]; labels: PeopleLabels; pager: PagerLabels; session: SessionLabels; shell: ShellLabels }

/**
 * The audit trail, newest first and paged, by person and by action; what it shows is in the address
 * ('?actor=…&action=signed-in&page=2'), so that a reload shows the same lines.
 */
export function Activity({ people, labels, pager, session, shell }: ActivityProps) {
  const id = useId()
  const search = useLocationSearch()
  const params = useMemo(() => readAuditParams(new URLSearchParams(search ?? '')), [search])
  const show = useCallback((next: AuditParams) => navigate(auditSearch(next), 'replace'), [])
  const query = useAudit(params, search !== null)
  const data = query.data

  // A page past the end (the filter changed what there is): show the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) show({ ...params, page: Math.ceil(data.total / pageSize) })
  }, [data, params, show])

  const gate: GateLabels = {
    ...session,
    loading: labels.activityLoading,
    fetchFailed: labels.activityFetchFailed,
    loadError: labels.activityLoadError,
    signInText: labels.signInText,
  }
  // The admin password's lines (before the first owner) are the bootstrap account's.
  const actors = [...people.map((person) => ({ value: person.id, label: person.name })), { value: bootstrapAccountId, label: shell.bootstrapName }]
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-divider pt-8">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.activityTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{labels.activityText}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          id={`${id}-actor`}
          label={labels.filterPerson}
          required={false}
          placeholder={labels.everyone}
          options={actors}
          value={params.actor ?? ''}
          onChange={(event) => show({ ...params, actor: event.target.value || null, page: 1 })}
        />
        <SelectField
          id={`${id}-action`}
          label={labels.filterAction}
          required={false}
          placeholder={labels.everyAction}
          options={auditActions.map((action) => ({ value: action, label: labels[auditActionWords[action]] }))}
          value={params.action ?? ''}
          onChange={(event) => show({ ...params, action: auditActions.find((action) => action === event.target.value) ?? null, page: 1 })}
        />
      </div>
      <QueryGate query={query} labels={gate}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={labels.activityEmptyTitle} text={labels.activityEmptyText} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{labels.zoneNote}</p>
              <ActivityTable entries={page.items} labels={labels} shell={shell} />
              {page.total > pageSize && (
                <Pager page={params.page} shown={page.items.length} total={page.total} onPage={(next) => show({ ...params, page: next })} labels={pager} />
              )}
            </>
          )
        }
      </QueryGate>
    </section>
  )
}
