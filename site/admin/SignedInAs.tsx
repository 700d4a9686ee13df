import { UserPlus } from 'lucide-react'
import type { SignedInPerson } from '../../contract/wire/people'
import { urls } from '../../contract/wire/urls'
import type { ShellLabels } from './labels'
import { roleWords } from './roleWords'
import { accountLinks } from './screenTable'
import type { AdminScreenName } from './screens'

type SignedInAsProps = {
  person: SignedInPerson
  /** Their own screen (their sessions), which their name links to. */
  account: AdminScreenName
  current: AdminScreenName
  /** While the admin password signs in: the button that opens the first owner's account above the screen (`controls`). */
  firstOwner?: { open: boolean; controls: string; toggle: () => void }
  labels: ShellLabels
}

/**
 * Who is signed in, in the admin bar: their name (a link to their sessions) and role, their other screens (their
 * sign-in ways, an icon each), and while the admin password signs in the button to the first owner's account.
 * On a phone the role's and the buttons' words are read, not shown, so that the bar keeps one row and a record's
 * first screen its contact and meeting.
 */
export function SignedInAs({ person, account, current, firstOwner, labels }: SignedInAsProps) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm text-on-dark-strong">
      <span className="sr-only">{labels.signedInAs} </span>
      <a
        href={urls.admin[account]}
        aria-current={account === current ? 'page' : undefined}
        className="min-w-0 truncate rounded-md px-1.5 py-1 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-[current=page]:bg-background aria-[current=page]:text-foreground"
      >
        {person.bootstrap ? labels.bootstrapName : person.name}
        <span className="sr-only">: {labels[account]}</span>
      </a>
      <span className="sr-only">, </span>
      <span className="sr-only sm:not-sr-only sm:shrink-0 sm:rounded-md sm:bg-white/10 sm:px-2 sm:py-0.5 sm:text-xs sm:font-semibold">
        {labels[roleWords[person.role]]}
      </span>
      {/* The admin password has no sign-in ways of its own. */}
      {!person.bootstrap &&
        accountLinks.map(({ screen, Icon }) => (
          <a
            key={screen}
            href={urls.admin[screen]}
            aria-current={screen === current ? 'page' : undefined}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-1.5 py-1 font-semibold text-on-dark hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-[current=page]:bg-background aria-[current=page]:text-foreground"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only lg:not-sr-only">{labels[screen]}</span>
          </a>
        ))}
      {firstOwner && (
        <button
          type="button"
          aria-expanded={firstOwner.open}
          aria-controls={firstOwner.open ? firstOwner.controls : undefined}
          onClick={firstOwner.toggle}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md bg-accent px-2 py-1.5 text-xs font-semibold text-accent-foreground hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">{labels.firstOwnerStart}</span>
        </button>
      )}
    </p>
  )
}
