import { format } from '../../content/ui'
import { cn } from '../../ui/cn'
import { urls } from '../../../contract/urls'
import type { ShellLabels } from './labels'
import { adminScreens, type AdminScreenName } from './screens'
import type { Summary } from '../../../contract/records'

type AdminNavProps = {
  current: AdminScreenName
  labels: ShellLabels
  /** The New counts, once known. */
  summary?: Summary
}

const countFormat = new Intl.NumberFormat('en-US')

/** The links between the admin screens, with how many requests and messages are New. */
export function AdminNav({ current, labels, summary }: AdminNavProps) {
  const newCount = (screen: AdminScreenName) => (screen === 'consultations' || screen === 'messages' ? (summary?.[screen].new ?? 0) : 0)
  const overdueCount = (screen: AdminScreenName) => (screen === 'consultations' || screen === 'messages' ? (summary?.[screen].overdue ?? 0) : 0)
  return (
    <nav aria-label={labels.navLabel}>
      <ul className="flex flex-col gap-1 rounded-2xl bg-card p-1.5 shadow-sm ring-1 ring-border sm:inline-flex sm:flex-row">
        {adminScreens.map((screen) => {
          const active = screen === current
          const count = newCount(screen)
          const overdue = overdueCount(screen)
          return (
            <li key={screen}>
              <a
                href={urls.admin[screen]}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  active ? 'bg-brand-900 text-white' : 'text-body hover:bg-secondary hover:text-foreground',
                )}
              >
                {labels[screen]}
                {/* A space, so that the link reads "Contact messages 2 new". */}
                {count > 0 && ' '}
                {count > 0 && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
                    {format(labels.newCount, { count: countFormat.format(count) })}
                  </span>
                )}
                {overdue > 0 && ' '}
                {overdue > 0 && (
                  <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">
                    {format(labels.overdueCount, { count: countFormat.format(overdue) })}
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
