import type { UiStrings } from '../../content/ui'
import { Island } from '../Island'
import type { AdminScreenProps } from './AdminScreen'
import type { SessionLabels } from './labels'
import type { AdminScreenName } from './screens'

type AdminIslandProps = { ui: UiStrings; screen: AdminScreenName }

/** Everything of an admin page below the header, with the words of its screen. */
export function AdminIsland({ ui, screen }: AdminIslandProps) {
  return <Island name="admin" hydrate="load" props={adminScreenProps(ui, screen)} />
}

function adminScreenProps(ui: UiStrings, screen: AdminScreenName): AdminScreenProps {
  const shell = ui.adminShell
  if (screen === 'newsletter') return { screen, title: ui.admin.title, shell, labels: ui.adminScreen }
  const { noScript, tryAgain, refresh, signOut, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed } = ui.adminScreen
  const session: SessionLabels = { noScript, tryAgain, refresh, signOut, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed }
  const common = { session, inbox: ui.adminInbox, emailKinds: ui.emailKinds }
  if (screen === 'outbox') return { screen, title: ui.adminOutbox.title, shell, labels: { ...common, outbox: ui.adminOutbox } }
  const kind = screen === 'consultations' ? ui.adminConsultations : ui.adminMessages
  return { screen, title: kind.title, shell, labels: { ...common, kind } }
}
