import { format } from '../content/ui'
import { cn } from '../ui/cn'
import { urls } from '../../contract/wire/urls'
import type { ShellLabels } from './labels'
import { adminScreens, type AdminScreenName } from './screens'
import type { InboxCounts, Summary } from '../../contract/wire/records'

type AdminNavProps = {
  current: AdminScreenName
  labels: ShellLabels
  /** The New and overdue counts, once known (spam is never among them). */
  summary?: Summary
}

const countFormat = new Intl.NumberFormat('en-US')

const countsOf = (screen: AdminScreenName, summary: Summary | undefined): Pick<InboxCounts, 'new' | 'overdue'> =>
  (screen === 'consultations' || screen === 'messages') && summary ? summary[screen] : { new: 0, overdue: 0 }

/**
 * The links between the admin screens, with how many requests and messages are New and overdue, and how
 * many past meetings are not marked yet. They wrap onto a second row on a phone or a tablet rather than
 * scroll: every screen and its count stays in sight; smaller on a phone, so that the record's contact and
 * meeting still come up in the first screen below them (24 px targets at least, WCAG 2.5.8).
 */
export function AdminNav({ current, labels, summary }: AdminNavProps) {
  // Past meetings not marked held or no-show yet: the agenda's Past view lists them first.
  const toMark = summary?.meetings.unmarked ?? 0
  return (
    <nav aria-label={labels.navLabel}>
      <ul className="flex flex-wrap gap-1 pb-3">
        {adminScreens.map((screen) => {
          const active = screen === current
          const counts = countsOf(screen, summary)
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
                {/* A space, so that the link reads "Contact messages 2 new". */}
                {counts.new > 0 && ' '}
                {counts.new > 0 && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
                    {format(labels.newCount, { count: countFormat.format(counts.new) })}
                  </span>
                )}
                {counts.overdue > 0 && ' '}
                {counts.overdue > 0 && (
                  <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">
                    {format(labels.overdueCount, { count: countFormat.format(counts.overdue) })}
                  </span>
                )}
                {toMark > 0 && screen === 'meetings' && ' '}
                {toMark > 0 && screen === 'meetings' && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
                    {format(labels.toMarkCount, { count: countFormat.format(toMark) })}
                  </span>
                )}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
