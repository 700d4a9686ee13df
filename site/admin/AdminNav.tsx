import { Fragment } from 'react'
import { format } from '../content/ui'
import { cn } from '../ui/cn'
import { urls } from '../../contract/wire/urls'
import type { ShellLabels } from './labels'
import { adminScreens, navScreenNames, type NavCount } from './screenTable'
import type { AdminScreenName } from './screens'
import type { Role } from '../../contract/wire/people'
import type { Summary } from '../../contract/wire/records'

type AdminNavProps = {
  current: AdminScreenName
  labels: ShellLabels
  /** The counts of each screen's link (screenTable.tsx), once known. */
  summary?: Summary
  /** The signed-in person's role, once known: a member's navigation has no owner's screens. */
  role?: Role
}

const countFormat = new Intl.NumberFormat('en-US')

const tones = {
  accent: 'bg-accent text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground',
} as const satisfies Record<NavCount['tone'], string>

/**
 * The links between the admin screens, each with its counts. They wrap onto a second row on a phone or a
 * tablet rather than scroll: every screen and its count stays in sight; smaller on a phone, so that the
 * record's contact and meeting still come up in the first screen below them (24 px targets at least, WCAG 2.5.8).
 */
export function AdminNav({ current, labels, summary, role }: AdminNavProps) {
  return (
    <nav aria-label={labels.navLabel}>
      <ul className="flex flex-wrap gap-1 pb-3">
        {navScreenNames(role).map((screen) => {
          const active = screen === current
          return (
            <li key={screen} className="shrink-0">
              <a
                href={urls.admin[screen]}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 whitespace-nowrap rounded-lg px-2.5 py-1.5 text-xs font-semibold transition-colors sm:px-3 sm:py-2 sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                  active ? 'bg-background text-foreground' : 'text-on-dark hover:bg-white/10 hover:text-white',
                )}
              >
                {labels[screen]}
                {(summary ? (adminScreens[screen].counts?.(summary) ?? []) : [])
                  .filter(({ count }) => count > 0)
                  .map(({ count, label, tone }) => (
                    <Fragment key={label}>
                      {/* A space, so that the link reads "Contact messages 2 new". */}{' '}
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', tones[tone])}>
                        {format(labels[label], { count: countFormat.format(count) })}
                      </span>
                    </Fragment>
                  ))}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
