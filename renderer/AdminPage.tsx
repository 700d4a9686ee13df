import { Island } from '../site/islands/Island'
import type { IslandProps } from '../site/islands/registry'

/** The frame of every admin page: the screen itself is one island (navigation, title, content). */
export function AdminPage({ screen }: { screen: IslandProps<'admin'> }) {
  return (
    <div className="min-h-[80vh] bg-muted px-4 pb-20 pt-28 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <Island name="admin" hydrate="load" props={screen} />
      </div>
    </div>
  )
}
