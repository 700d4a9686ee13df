import { AdminIsland } from '../../islands/admin/AdminIsland'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { ui, content } = data
  return (
    <div className="min-h-[80vh] bg-slate-50 px-4 pb-20 pt-28 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ui.title}</h1>
        <div className="mt-8">
          <AdminIsland content={content} />
        </div>
      </div>
    </div>
  )
}
