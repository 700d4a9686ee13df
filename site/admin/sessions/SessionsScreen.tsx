import type { SessionView } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import type { SessionsLabels, SessionsScreenLabels } from '../labels'
import { ListScreen } from '../ListScreen'
import { deviceName } from './deviceName'
import { useEndSession, useSessions } from './sessionQueries'
import { SessionTable } from './SessionTable'

type SessionsScreenProps = { labels: SessionsScreenLabels }

/** 'Chrome on Linux'; an agent we cannot name as it is; none at all in words. */
const nameOf = (labels: SessionsLabels) => (session: SessionView) => {
  const named = deviceName(session.device)
  return named ? format(labels.deviceOn, named) : session.device || labels.unknownDevice
}

/**
 * /admin/sessions (every person's own): the browsers signed in as them, this one marked. End asks first and
 * signs that browser out at once; ending this browser's session signs out here (the sign-in form follows).
 */
export function SessionsScreen({ labels }: SessionsScreenProps) {
  const { session, sessions: words } = labels
  const name = nameOf(words)
  const device = (entry: SessionView) => (entry.current ? words.thisBrowser : name(entry))
  return (
    <ListScreen<SessionView>
      query={useSessions()}
      session={session}
      words={words}
      top={() => <p className="max-w-3xl text-sm leading-6 text-body">{words.intro}</p>}
      table={(sessions, end) => <SessionTable sessions={sessions} nameOf={name} onEnd={end} labels={words} />}
      removal={{
        mutation: useEndSession(),
        title: (entry) => format(words.endTitle, { device: device(entry) }),
        text: words.endText,
        confirm: words.endConfirm,
        pending: words.ending,
        done: (entry) => format(words.ended, { device: device(entry) }),
      }}
    />
  )
}
