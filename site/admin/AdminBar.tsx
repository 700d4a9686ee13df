import { ExternalLink, LogOut } from 'lucide-react'
import { urls } from '../../contract/wire/urls'
import type { SignedInPerson } from '../../contract/wire/people'
import type { Summary } from '../../contract/wire/records'
import { Button } from '../ui/button'
import { AdminNav } from './AdminNav'
import { cn } from '../ui/cn'
import { accountScreen } from './screenTable'
import { SignedInAs } from './SignedInAs'
import type { ShellLabels } from './labels'
import type { AdminScreenName } from './screens'
import { useSignedIn, useSignOut } from './session'

type AdminBarProps = {
  siteName: string
  current: AdminScreenName
  labels: ShellLabels
  summary?: Summary
  /** Who is signed in, once known: their name and role, and the screens their role opens. */
  person?: SignedInPerson
  /** false on a screen for the signed out (Join): no screens to go to yet. */
  navigation: boolean
  /** While the admin password signs in: the button that opens the first owner's account above the screen (`controls`). */
  firstOwner?: { open: boolean; controls: string; toggle: () => void }
}

/**
 * The admin's own bar, in place of the site's header: which site, the screens with their counts, a
 * link to the public site, and who is signed in with Sign Out.
 */
export function AdminBar({ siteName, current, labels, summary, person, navigation, firstOwner }: AdminBarProps) {
  const signedIn = useSignedIn()
  const signOut = useSignOut()
  return (
    <header className="bg-inverse text-on-dark">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex min-h-14 items-center justify-between gap-2 py-2 sm:gap-3">
          <p className="flex min-w-0 flex-1 items-center gap-2 font-bold text-white">
            <span className="truncate">{siteName}</span>
            {/* On a phone signed in, the person's name takes its place. */}
            <span
              className={cn(
                'rounded-md bg-white/10 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-on-dark-strong',
                person && accountScreen && 'hidden sm:inline',
              )}
            >
              {labels.navLabel}
            </span>
          </p>
          {person && accountScreen && <SignedInAs person={person} account={accountScreen} current={current} firstOwner={firstOwner} labels={labels} />}
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <a
              href={urls.home}
              className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-on-dark hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">{labels.viewSite}</span>
            </a>
            {signedIn && (
              <Button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending} variant="ghostLight" size="sm" className="px-3">
                <LogOut aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only sm:not-sr-only">{labels.signOut}</span>
              </Button>
            )}
          </div>
        </div>
        {navigation && <AdminNav current={current} labels={labels} summary={summary} role={person?.role} />}
      </div>
    </header>
  )
}
