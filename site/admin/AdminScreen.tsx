import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { createQueryClient } from '../forms/queryClient'
import { AdminBar } from './AdminBar'
import { useSummary } from './records'
import type { ShellLabels } from './labels'
import { adminScreens, type ScreenLabels } from './screenTable'
import type { AdminScreenName } from './screens'
import { FocusTitle } from './session'

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
  const summary = useSummary(!row.withoutSummary)
  const title = useRef<HTMLHeadingElement>(null)
  const focusTitle = useCallback(() => title.current?.focus(), [])
  // TypeScript does not relate props.labels to the row props.screen picks (microsoft/TypeScript#30581); the table
  // checks each row's component against its own labels.
  const Screen = row.Screen as (screen: { labels: typeof props.labels; shell: ShellLabels }) => ReactNode
  return (
    <FocusTitle value={focusTitle}>
      <AdminBar siteName={props.siteName} current={props.screen} labels={props.shell} summary={summary.data ?? undefined} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-20 pt-6 outline-none sm:px-6 sm:pt-10 lg:px-8">
        <h1 ref={title} tabIndex={-1} className="text-2xl font-bold tracking-tight text-foreground outline-none sm:text-3xl">
          {props.title}
        </h1>
        <div className="mt-6">
          <Screen labels={props.labels} shell={props.shell} />
        </div>
      </main>
    </FocusTitle>
  )
}
