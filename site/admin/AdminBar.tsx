import { ExternalLink, LogOut } from 'lucide-react'
import { urls } from '../../contract/wire/urls'
import type { Summary } from '../../contract/wire/records'
import { Button } from '../ui/button'
import { AdminNav } from './AdminNav'
import type { ShellLabels } from './labels'
import type { AdminScreenName } from './screens'
import { useSignedIn, useSignOut } from './session'

type AdminBarProps = { siteName: string; current: AdminScreenName; labels: ShellLabels; summary?: Summary }

/**
 * The admin's own bar, in place of the site's header: which site, the screens with their counts, a
 * link to the public site, and Sign Out while signed in.
 */
export function AdminBar({ siteName, current, labels, summary }: AdminBarProps) {
  const signedIn = useSignedIn()
  const signOut = useSignOut()
  return (
    <header className="bg-inverse text-on-dark">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex min-h-14 items-center justify-between gap-3 py-2">
          <p className="flex min-w-0 items-center gap-2 font-bold text-white">
            <span className="truncate">{siteName}</span>
            <span className="rounded-md bg-white/10 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-on-dark-strong">{labels.navLabel}</span>
          </p>
          <div className="flex shrink-0 items-center gap-2">
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
                {labels.signOut}
              </Button>
            )}
          </div>
        </div>
        <AdminNav current={current} labels={labels} summary={summary} />
      </div>
    </header>
  )
}
