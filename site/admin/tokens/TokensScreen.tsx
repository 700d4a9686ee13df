import { useState } from 'react'
import type { ApiTokenCreated, ApiTokenView } from '../../../contract/wire/apiTokens'
import { format } from '../../content/ui'
import type { TokensScreenLabels } from '../labels'
import { ListScreen } from '../ListScreen'
import { CreateTokenForm } from './CreateTokenForm'
import { NewToken } from './NewToken'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './tokenQueries'
import { TokenTable } from './TokenTable'

type TokensScreenProps = { labels: TokensScreenLabels }

/**
 * /admin/tokens: the API tokens scripts use instead of the password. A new token is shown once, in
 * this screen's memory only (a reload, or Done, and it is gone); Revoke asks first.
 */
export function TokensScreen({ labels }: TokensScreenProps) {
  const { session, tokens: words } = labels
  const create = useCreateApiToken()
  const [created, setCreated] = useState<ApiTokenCreated | null>(null)
  return (
    <ListScreen<ApiTokenView>
      query={useApiTokens()}
      session={session}
      words={words}
      top={({ announce, heading }) => (
        <>
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
              onCreate={(request) => create.mutate(request, { onSuccess: setCreated })}
              creating={create.isPending}
              error={create.error}
              labels={words}
            />
          )}
        </>
      )}
      table={(tokens, remove) => <TokenTable tokens={tokens} onRevoke={remove} labels={words} />}
      removal={{
        mutation: useRevokeApiToken(),
        title: (token) => format(words.revokeTitle, { name: token.name }),
        text: words.revokeText,
        confirm: words.revokeConfirm,
        pending: words.revoking,
        done: (token) => format(words.revoked, { name: token.name }),
      }}
    />
  )
}
