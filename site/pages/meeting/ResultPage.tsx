import { CircleCheck } from 'lucide-react'
import { PagePanel } from '../../components/PagePanel'
import { buttonVariants } from '../../ui/button'
import type { ResultPageData } from './resultPageData'

/** A meeting cancelled or moved from a page without JavaScript: what happened, and where to go next. */
export function ResultPage({ data }: { data: ResultPageData }) {
  return (
    <PagePanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-600" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{data.title}</h1>
      <p className="mt-4 text-lg leading-8 text-slate-600">{data.text}</p>
      <a href={data.next.href} className={buttonVariants({ className: 'mt-8' })}>
        {data.next.label}
      </a>
    </PagePanel>
  )
}
