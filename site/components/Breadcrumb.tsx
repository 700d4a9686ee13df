import { ChevronRight } from 'lucide-react'

export type Crumb = { label: string; href?: string }

/** Home / Services / Website Design: the last crumb is the current page. */
export function Breadcrumb({ label, crumbs }: { label: string; crumbs: Crumb[] }) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-on-dark-muted">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="h-4 w-4" />}
            {crumb.href ? (
              <a href={crumb.href} className="hover:text-white hover:underline">
                {crumb.label}
              </a>
            ) : (
              <span aria-current="page" className="font-medium text-white">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
