import { CircleCheck } from 'lucide-react'
import { PagePanel } from '../../../components/PagePanel'
import { Button } from '../../../ui/button'
import { urls } from '../../../../contract/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { title, text, backHome } = data
  return (
    <PagePanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-success" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{title}</h1>
      {text && <p className="mt-4 text-lg leading-8 text-muted-foreground">{text}</p>}
      <Button asChild className="mt-8">
        <a href={urls.home}>{backHome}</a>
      </Button>
    </PagePanel>
  )
}
