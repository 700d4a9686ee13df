import { MeetingPage } from '../MeetingPage'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  return <MeetingPage data={data} />
}
