import { NotFound } from '../../../components/NotFound'
import type { NotFoundData } from '../../notFoundData'

export default function Page({ data }: { data: NotFoundData }) {
  return <NotFound content={data.content} variant={data.variant} />
}
