import { Island } from '../../islands/Island'
import type { IslandProps } from '../../islands/registry'

/** An admin page: the screen is one island (the admin bar with its navigation, the title, the content). */
export function AdminPage({ screen }: { screen: IslandProps<'admin'> }) {
  return (
    <div className="min-h-screen bg-muted">
      <Island name="admin" hydrate="load" props={screen} />
    </div>
  )
}
