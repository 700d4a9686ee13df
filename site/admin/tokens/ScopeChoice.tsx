import { apiTokenScopes, scopeWords, type ApiTokenScope } from '../../../contract/wire/apiTokens'
import type { TokenLabels } from '../labels'

type ScopeChoiceProps = {
  id: string
  chosen: readonly ApiTokenScope[]
  onChange: (scopes: ApiTokenScope[]) => void
  /** The service's message for the scopes sent (none chosen). */
  error?: string
  labels: TokenLabels
}

/** A checkbox per scope, named and with what it lets a script do; the service's message under them. */
export function ScopeChoice({ id, chosen, onChange, error, labels }: ScopeChoiceProps) {
  const toggle = (scope: ApiTokenScope, on: boolean) => onChange(apiTokenScopes.filter((one) => (one === scope ? on : chosen.includes(one))))
  return (
    <fieldset aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend className="text-sm font-semibold text-emphasis">{labels.scopesLegend}</legend>
      <p id={`${id}-hint`} className="mt-1 max-w-3xl text-sm text-muted-foreground">
        {labels.scopesHint}
      </p>
      <div className="mt-3 grid gap-x-6 gap-y-3 md:grid-cols-2">
        {apiTokenScopes.map((scope) => (
          <div key={scope}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-emphasis md:min-h-0">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={chosen.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                aria-describedby={`${id}-${scope}-hint`}
                className="h-5 w-5 shrink-0 accent-primary-strong md:h-4 md:w-4"
              />
              {labels[scopeWords[scope].name]}
            </label>
            <p id={`${id}-${scope}-hint`} className="ml-8 text-sm text-muted-foreground md:ml-7">
              {labels[scopeWords[scope].hint]}
            </p>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
