import { NotFound } from '../../../components/NotFound'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  return <NotFound {...data.screen} />
}
