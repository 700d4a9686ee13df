import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createQueryClient } from '../../forms/queryClient'
import { AdminNav } from './AdminNav'
import { InboxScreen } from './inbox/InboxScreen'
import { useSummary } from './inbox/records'
import type { InboxScreenLabels, MeetingsScreenLabels, OutboxScreenLabels, ShellLabels, SubscriberLabels, TokensScreenLabels } from './labels'
import { MeetingsScreen, type MeetingsScreenProps } from './meetings/MeetingsScreen'
import { OutboxScreen } from './outbox/OutboxScreen'
import type { InboxKind } from './screens'
import { SubscribersPanel } from './SubscribersPanel'
import { TokensScreen } from './tokens/TokensScreen'

export type AdminScreenProps = { title: string; shell: ShellLabels } & (
  | { screen: 'newsletter'; labels: SubscriberLabels }
  | { screen: InboxKind; labels: InboxScreenLabels }
  | { screen: 'outbox'; labels: OutboxScreenLabels }
  | { screen: 'tokens'; labels: TokensScreenLabels }
  | ({ screen: 'meetings'; labels: MeetingsScreenLabels } & Omit<MeetingsScreenProps, 'labels'>)
)

/**
 * One admin screen (the admin island of /admin/consultations, /admin/messages, /admin/newsletter,
 * /admin/outbox, /admin/meetings and /admin/tokens): the navigation, the title, and the screen, each asking to sign in while the API answers 401.
 */
export default function AdminScreen(props: AdminScreenProps) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <AdminArea {...props} />
    </QueryClientProvider>
  )
}

function AdminArea(props: AdminScreenProps) {
  // The newsletter screen makes only its own call: its nav shows no counts.
  const summary = useSummary(props.screen !== 'newsletter')
  return (
    <>
      <AdminNav current={props.screen} labels={props.shell} summary={summary.data ?? undefined} />
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{props.title}</h1>
      <div className="mt-8">
        <Screen {...props} />
      </div>
    </>
  )
}

function Screen(props: AdminScreenProps) {
  switch (props.screen) {
    case 'newsletter':
      return <SubscribersPanel labels={props.labels} shell={props.shell} />
    case 'outbox':
      return <OutboxScreen labels={props.labels} />
    case 'tokens':
      return <TokensScreen labels={props.labels} />
    case 'meetings':
      return <MeetingsScreen labels={props.labels} booking={props.booking} closedDays={props.closedDays} />
    default:
      return <InboxScreen kind={props.screen} labels={props.labels} shell={props.shell} />
  }
}
