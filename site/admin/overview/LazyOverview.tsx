import { lazy, Suspense } from 'react'
import { useHydrated } from '../../forms/useHydrated'
import type { OverviewScreenLabels } from '../labels'

// The Overview's charts and tables load on the Overview only: the other screens keep their weight.
const OverviewScreen = lazy(() => import('./OverviewScreen'))

/** The Overview once hydrated: the server's HTML (renderToString) cannot wait for a lazy chunk, so it shows the loading line. */
export function LazyOverview({ labels }: { labels: OverviewScreenLabels }) {
  const hydrated = useHydrated()
  const loading = (
    <p role="status" className="py-16 text-center text-muted-foreground">
      {labels.overview.loading}
    </p>
  )
  if (!hydrated) return loading
  return (
    <Suspense fallback={loading}>
      <OverviewScreen labels={labels} />
    </Suspense>
  )
}
