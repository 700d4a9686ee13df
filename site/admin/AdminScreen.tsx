import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { createQueryClient } from '../forms/queryClient'
import { AdminBar } from './AdminBar'
import { FirstOwner } from './FirstOwner'
import { useSummary } from './records'
import type { ShellLabels } from './labels'
import { adminScreens, screenRole, type ScreenLabels } from './screenTable'
import { useSecondFactorGate } from './security/secondFactorGate'
import type { AdminScreenName } from './screens'
import { FocusTitle, useMe } from './session'

/** What an admin page gives the island: its screen (a row of screenTable.tsx) with that screen's words. */
export type AdminScreenProps = { title: string; siteName: string; shell: ShellLabels } & {
  [S in AdminScreenName]: { screen: S; labels: ScreenLabels<S> }
}[AdminScreenName]

/**
 * One admin screen (the admin island of each address of urls.admin): the admin bar, then the page's main
 * content (the skip link's target): the title and the screen, asking to sign in while the API answers 401.
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
  const row = adminScreens[props.screen]
  // A screen for the signed out (an invitation's link) asks nothing of a session.
  const signedOut = screenRole(props.screen) === 'anyone'
  const summary = useSummary(!row.withoutSummary && !signedOut)
  const me = useMe(!signedOut)
  // The desk requires a second factor this person has not added: the Security screen, with nothing else to go to.
  const mustAddSecondFactor = useSecondFactorGate(props.screen, !signedOut)
  // The first owner's account, opened from the admin bar while the admin password signs in.
  const [creatingOwner, setCreatingOwner] = useState(false)
  const firstOwnerId = useId()
  const title = useRef<HTMLHeadingElement>(null)
  const focusTitle = useCallback(() => title.current?.focus(), [])
  // TypeScript does not relate props.labels to the row props.screen picks (microsoft/TypeScript#30581); the table
  // checks each row's component against its own labels.
  const Screen = row.Screen as (screen: { labels: typeof props.labels; shell: ShellLabels }) => ReactNode
  return (
    <FocusTitle value={focusTitle}>
      <AdminBar
        siteName={props.siteName}
        current={props.screen}
        labels={props.shell}
        summary={summary.data ?? undefined}
        person={me.data ?? undefined}
        navigation={!signedOut && !mustAddSecondFactor}
        firstOwner={me.data?.bootstrap ? { open: creatingOwner, controls: firstOwnerId, toggle: () => setCreatingOwner((open) => !open) } : undefined}
      />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-20 pt-6 outline-none sm:px-6 sm:pt-10 lg:px-8">
        <h1 ref={title} tabIndex={-1} className="text-2xl font-bold tracking-tight text-foreground outline-none sm:text-3xl">
          {props.title}
        </h1>
        <div className="mt-6">
          {!signedOut && <FirstOwner person={me.data} open={creatingOwner} id={firstOwnerId} labels={props.shell} />}
          <Screen labels={props.labels} shell={props.shell} />
        </div>
      </main>
    </FocusTitle>
  )
}
