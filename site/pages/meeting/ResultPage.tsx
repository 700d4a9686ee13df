import { CircleCheck } from 'lucide-react'
import { PagePanel } from '../../components/PagePanel'
import { Button } from '../../ui/button'
import type { ResultPageData } from './resultPageData'

/** A meeting cancelled or moved from a page without JavaScript: what happened, and where to go next. */
export function ResultPage({ data }: { data: ResultPageData }) {
  return (
    <PagePanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-success" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{data.title}</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{data.text}</p>
      <Button asChild className="mt-8">
        <a href={data.next.href}>{data.next.label}</a>
      </Button>
    </PagePanel>
  )
}
