import { CircleCheck } from 'lucide-react'
import { PagePanel } from '../../../components/PagePanel'
import { buttonVariants } from '../../../ui/button'
import { urls } from '../../../../contract/urls'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  const { title, text, backHome } = data
  return (
    <PagePanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-emerald-600" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
      {text && <p className="mt-4 text-lg leading-8 text-slate-600">{text}</p>}
      <a href={urls.home} className={buttonVariants({ className: 'mt-8' })}>
        {backHome}
      </a>
    </PagePanel>
  )
}
