import { AdminPage } from '../AdminPage'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  return <AdminPage screen={data.screen} />
}
