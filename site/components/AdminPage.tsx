import type { UiStrings } from '../content/ui'
import { AdminIsland } from '../islands/admin/AdminIsland'
import type { AdminScreenName } from '../islands/admin/screens'

type AdminPageProps = { ui: UiStrings; screen: AdminScreenName }

/** The frame of every admin page: the screen itself is one island (navigation, title, content). */
export function AdminPage({ ui, screen }: AdminPageProps) {
  return (
    <div className="min-h-[80vh] bg-slate-50 px-4 pb-20 pt-28 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <AdminIsland ui={ui} screen={screen} />
      </div>
    </div>
  )
}
