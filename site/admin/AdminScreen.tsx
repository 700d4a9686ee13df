import { QueryClientProvider } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { createQueryClient } from '../forms/queryClient'
import { AdminBar } from './AdminBar'
import { InboxScreen } from './inbox/InboxScreen'
import { useSummary } from './records'
import { BlockedScreen } from './blocked/BlockedScreen'
import type {
  BlockedScreenLabels,
  InboxScreenLabels,
  MeetingsScreenLabels,
  OutboxScreenLabels,
  ShellLabels,
  SubscriberLabels,
  TokensScreenLabels,
} from './labels'
import { MeetingsScreen, type MeetingsScreenProps } from './meetings/MeetingsScreen'
import { OutboxScreen } from './outbox/OutboxScreen'
import type { InboxKind } from './screens'
import { FocusTitle } from './session'
import { SubscribersPanel } from './SubscribersPanel'
import { TokensScreen } from './tokens/TokensScreen'

export type AdminScreenProps = { title: string; siteName: string; shell: ShellLabels } & (
  | { screen: 'newsletter'; labels: SubscriberLabels }
  | { screen: InboxKind; labels: InboxScreenLabels }
  | { screen: 'outbox'; labels: OutboxScreenLabels }
  | { screen: 'tokens'; labels: TokensScreenLabels }
  | { screen: 'blocked'; labels: BlockedScreenLabels }
  | ({ screen: 'meetings'; labels: MeetingsScreenLabels } & Omit<MeetingsScreenProps, 'labels'>)
)

/**
 * One admin screen (the admin island of /admin/consultations, /admin/messages, /admin/newsletter,
 * /admin/outbox, /admin/meetings, /admin/tokens and /admin/blocked): the admin bar, then the page's main content (the
 * skip link's target): the title and the screen, asking to sign in while the API answers 401.
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
  const title = useRef<HTMLHeadingElement>(null)
  const focusTitle = useCallback(() => title.current?.focus(), [])
  return (
    <FocusTitle value={focusTitle}>
      <AdminBar siteName={props.siteName} current={props.screen} labels={props.shell} summary={summary.data ?? undefined} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-20 pt-6 outline-none sm:px-6 sm:pt-10 lg:px-8">
        <h1 ref={title} tabIndex={-1} className="text-2xl font-bold tracking-tight text-foreground outline-none sm:text-3xl">
          {props.title}
        </h1>
        <div className="mt-6">
          <Screen {...props} />
        </div>
      </main>
    </FocusTitle>
  )
}

function Screen(props: AdminScreenProps) {
  switch (props.screen) {
    case 'newsletter':
      return <SubscribersPanel labels={props.labels} shell={props.shell} />
    case 'outbox':
      return <OutboxScreen labels={props.labels} shell={props.shell} />
    case 'tokens':
      return <TokensScreen labels={props.labels} />
    case 'blocked':
      return <BlockedScreen labels={props.labels} />
    case 'meetings':
      return <MeetingsScreen labels={props.labels} />
    default:
      return <InboxScreen kind={props.screen} labels={props.labels} shell={props.shell} />
  }
}
