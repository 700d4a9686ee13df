import { ResultPage } from '../ResultPage'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  return <ResultPage data={data} />
}
