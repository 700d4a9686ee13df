import type { SecurityView } from '../../../contract/wire/people'
import { Alert } from '../../ui/alert'
import { Announcer, useNotice } from '../Announcer'
import type { GateLabels, SecurityLabels, SecurityScreenLabels } from '../labels'
import { QueryGate } from '../QueryGate'
import { useMe } from '../session'
import { AuthenticatorApp } from './AuthenticatorApp'
import { DeskRule } from './DeskRule'
import { Passkeys } from './Passkeys'
import { useSecurityView } from './securityQueries'

type SecurityScreenProps = { labels: SecurityScreenLabels }

/**
 * /admin/security (every person's own, also before they may open anything else): their passkeys, their
 * authenticator app with its recovery codes, and for an owner the desk's rule. While the desk requires a second
 * factor they have not added, it says so first (the other screens send them here).
 */
export function SecurityScreen({ labels }: SecurityScreenProps) {
  const { session, security: words } = labels
  const [notice, announce] = useNotice()
  const gate: GateLabels = { ...session, loading: words.loading, fetchFailed: words.fetchFailed, loadError: words.loadError, signInText: words.signInText }
  const query = useSecurityView()
  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gate}>
        {(view) => <SignInWays view={view} announce={announce} labels={words} />}
      </QueryGate>
    </div>
  )
}

type SignInWaysProps = { view: SecurityView; announce: (text: string) => void; labels: SecurityLabels }

function SignInWays({ view, announce, labels }: SignInWaysProps) {
  const me = useMe()
  return (
    <div className="space-y-10">
      <div className="max-w-3xl space-y-4">
        {view.mustAddSecondFactor && <Alert size="md">{labels.mustAdd}</Alert>}
        <p className="text-sm leading-6 text-body">{labels.intro}</p>
        {view.secondFactor === 'required' && !view.mustAddSecondFactor && <p className="text-sm font-medium leading-6 text-emphasis">{labels.requiredNote}</p>}
      </div>
      <Passkeys passkeys={view.passkeys} announce={announce} labels={labels} />
      <AuthenticatorApp view={view} announce={announce} labels={labels} />
      {me.data?.role === 'owner' && <DeskRule rule={view.secondFactor} announce={announce} labels={labels} />}
    </div>
  )
}
