import { useRef, useState } from 'react'
import type { ApiTokenCreated, ApiTokenView } from '../../../../contract/apiTokens'
import { format } from '../../../content/ui'
import { Announcer, useNotice } from '../Announcer'
import { ConfirmDialog } from '../ConfirmDialog'
import { EmptyState } from '../EmptyState'
import type { GateLabels, TokensScreenLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { CreateTokenForm } from './CreateTokenForm'
import { NewToken } from './NewToken'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './tokenQueries'
import { TokenTable } from './TokenTable'

type TokensScreenProps = { labels: TokensScreenLabels }

const countFormat = new Intl.NumberFormat('en-US')

/**
 * /admin/tokens: the API tokens scripts use instead of the password. A new token is shown once, in
 * this screen's memory only (a reload, or Done, and it is gone); Revoke asks first.
 */
export function TokensScreen({ labels }: TokensScreenProps) {
  const { session, tokens: words } = labels
  const query = useApiTokens()
  const create = useCreateApiToken()
  const revoke = useRevokeApiToken()
  const [created, setCreated] = useState<ApiTokenCreated | null>(null)
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null)
  const [notice, announce] = useNotice()
  const heading = useRef<HTMLHeadingElement>(null)
  const gateLabels: GateLabels = {
    ...session,
    loading: words.loading,
    fetchFailed: words.fetchFailed,
    loadError: words.loadError,
    signInText: words.signInText,
  }

  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gateLabels}>
        {(list) => (
          <div className="space-y-6">
            <PanelHeader
              heading={list.length === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(list.length) })}
              headingRef={heading}
              refreshing={query.isFetching}
              onRefresh={() => void query.refetch()}
              labels={session}
            />
            <div className="max-w-3xl space-y-2 text-sm leading-6 text-body">
              <p>{words.intro}</p>
              <p>{words.usage}</p>
            </div>
            {created ? (
              <NewToken
                name={created.name}
                token={created.token}
                onCopied={() => announce(words.copied)}
                onDismiss={() => {
                  setCreated(null)
                  heading.current?.focus()
                }}
                labels={words}
              />
            ) : (
              <CreateTokenForm
                onCreate={(name) => create.mutate(name, { onSuccess: setCreated })}
                creating={create.isPending}
                error={create.error}
                labels={words}
              />
            )}
            {list.length === 0 ? (
              <EmptyState title={words.emptyTitle} text={words.emptyText} />
            ) : (
              <>
                <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
                <TokenTable
                  tokens={list}
                  onRevoke={(token) => {
                    revoke.reset()
                    setRevoking(token)
                  }}
                  labels={words}
                />
              </>
            )}
          </div>
        )}
      </QueryGate>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => open || setRevoking(null)}
        title={format(words.revokeTitle, { name: revoking?.name ?? '' })}
        description={words.revokeText}
        labels={{ confirm: words.revokeConfirm, pending: words.revoking, cancel: words.keep, failed: words.actionFailed }}
        onConfirm={() => {
          if (!revoking) return
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              announce(format(words.revoked, { name: revoking.name }))
              setRevoking(null)
            },
          })
        }}
        pending={revoke.isPending}
        failed={revoke.isError}
        fallbackFocus={() => heading.current}
      />
    </div>
  )
}
