import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { createQueryClient } from '../forms/queryClient'
import { useHydrated } from '../forms/useHydrated'
import { AdminBar } from './AdminBar'
import { InboxScreen } from './inbox/InboxScreen'
import { useSummary } from './records'
import { BlockedScreen } from './blocked/BlockedScreen'
import type {
  BlockedScreenLabels,
  InboxScreenLabels,
  MeetingsScreenLabels,
  OutboxScreenLabels,
  OverviewScreenLabels,
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

// The Overview's charts and tables load on the Overview only: the other screens keep their weight.
const OverviewScreen = lazy(() => import('./overview/OverviewScreen'))

export type AdminScreenProps = { title: string; siteName: string; shell: ShellLabels } & (
  | { screen: 'newsletter'; labels: SubscriberLabels }
  | { screen: InboxKind; labels: InboxScreenLabels }
  | { screen: 'outbox'; labels: OutboxScreenLabels }
  | { screen: 'tokens'; labels: TokensScreenLabels }
  | { screen: 'blocked'; labels: BlockedScreenLabels }
  | { screen: 'overview'; labels: OverviewScreenLabels }
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

/** The Overview once hydrated: the server's HTML (renderToString) cannot wait for a lazy chunk, so it shows the loading line. */
function Overview({ labels }: { labels: OverviewScreenLabels }) {
  const hydrated = useHydrated()
  const loading = (
    <p role="status" className="py-16 text-center text-muted-foreground">
      {labels.overview.loading}
    </p>
  )
  if (!hydrated) return loading
  return (
    <Suspense fallback={loading}>
      <OverviewScreen labels={labels} />
    </Suspense>
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
      return <BlockedScreen labels={props.labels} shell={props.shell} />
    case 'meetings':
      return <MeetingsScreen labels={props.labels} />
    case 'overview':
      return <Overview labels={props.labels} />
    default:
      return <InboxScreen kind={props.screen} labels={props.labels} shell={props.shell} />
  }
}
