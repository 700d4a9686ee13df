import { useId, useState } from 'react'
import type { SecondFactorRule } from '../../../contract/wire/people'
import { serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import type { SecurityLabels } from '../labels'
import { useDeskRule } from './securityQueries'

type DeskRuleProps = { rule: SecondFactorRule; announce: (text: string) => void; labels: SecurityLabels }

/**
 * An owner's rule for everyone: a switch that requires a second factor (or not), applied at once and announced.
 * A person without one is then sent to their Security screen at their next step.
 */
export function DeskRule({ rule, announce, labels }: DeskRuleProps) {
  const id = useId()
  const change = useDeskRule()
  // While the change is on its way, the switch shows what was asked (set here at once: the mutation's own state comes a tick later).
  const [asked, setAsked] = useState<SecondFactorRule | null>(null)
  const required = (asked ?? rule) === 'required'
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-divider pt-8">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.deskTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{labels.deskText}</p>
      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-emphasis md:min-h-0">
          <input
            type="checkbox"
            role="switch"
            name="second-factor"
            checked={required}
            aria-checked={required}
            aria-describedby={`${id}-hint`}
            aria-disabled={asked !== null}
            onChange={(event) => {
              if (asked !== null) return
              const next: SecondFactorRule = event.target.checked ? 'required' : 'optional'
              setAsked(next)
              change.mutate(next, {
                onSuccess: () => announce(next === 'required' ? labels.deskRequired : labels.deskOptional),
                onSettled: () => setAsked(null),
              })
            }}
            className="h-5 w-5 shrink-0 accent-primary-strong md:h-4 md:w-4"
          />
          {labels.deskRequire}
        </label>
        <p id={`${id}-hint`} className="ml-8 mt-1 max-w-3xl text-sm text-muted-foreground md:ml-7">
          {labels.deskRequireHint}
        </p>
      </div>
      {change.isError && <Alert>{serviceMessage(change.error) ?? labels.deskFailed}</Alert>}
    </section>
  )
}
