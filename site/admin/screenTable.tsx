import type { ReactNode } from 'react'
import { meetingStateWords } from '../../contract/content/stateWords'
import type { Summary } from '../../contract/wire/records'
import type { UiStrings } from '../content/ui'
import { BlockedScreen } from './blocked/BlockedScreen'
import { InboxScreen } from './inbox/InboxScreen'
import type { MeetingStateLabels, SessionLabels, ShellLabels } from './labels'
import { MeetingsScreen } from './meetings/MeetingsScreen'
import { OutboxScreen } from './outbox/OutboxScreen'
import { LazyOverview } from './overview/LazyOverview'
import type { AdminScreenName } from './screens'
import { SubscribersPanel } from './SubscribersPanel'
import { TokensScreen } from './tokens/TokensScreen'

// Every admin screen, once, in the order of the navigation: its page (site/pages/admin/ routes the addresses of
// urls.admin to it), its words, its component in the admin island, and the counts its link shows.

/** A count by a screen's link: its words are adminShell's (`newCount`: '{count} new'). */
export type NavCount = { count: number; label: Extract<keyof ShellLabels, `${string}Count`>; tone: 'accent' | 'destructive' }

type ScreenRow<Labels> = {
  /** The title of its page and its `<head>`'s description (never indexed), from content/ui.json. */
  words(ui: UiStrings): { title: string; metaDescription: string }
  /** The words its island gets, no more. */
  labels(ui: UiStrings): Labels
  Screen: (props: { labels: Labels; shell: ShellLabels }) => ReactNode
  /** The counts its link in the navigation shows, from the admin's Summary; none without. */
  counts?(summary: Summary): NavCount[]
  /** The screen makes only its own call: the navigation then shows no counts. */
  withoutSummary?: true
}

/** A row whatever its labels, for checking that the table has one per screen and no other. */
type AnyScreenRow = Omit<ScreenRow<unknown>, 'Screen'> & { Screen: (props: never) => ReactNode }

/** Infers a row's labels from its `labels`, and checks its Screen takes them. */
const screen = <Labels,>(row: ScreenRow<Labels>) => row

const sessionOf = (ui: UiStrings): SessionLabels => {
  const { noScript, tryAgain, refresh, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed } = ui.adminScreen
  return { noScript, tryAgain, refresh, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed }
}

/** What the inbox screens and the outbox share: an email's and a lead's words, with the meeting states a request shows. */
const leadWords = (ui: UiStrings) => {
  const meetingStates = Object.fromEntries(Object.values(meetingStateWords).map((key) => [key, ui.adminMeetings[key]])) as MeetingStateLabels
  return { session: sessionOf(ui), inbox: { ...ui.adminInbox, ...meetingStates }, emailKinds: ui.emailKinds }
}

const inboxCounts = (kind: 'consultations' | 'messages') => (summary: Summary) =>
  [
    { count: summary[kind].new, label: 'newCount', tone: 'accent' },
    { count: summary[kind].overdue, label: 'overdueCount', tone: 'destructive' },
  ] satisfies NavCount[]

const table = {
  overview: screen({
    words: (ui) => ui.adminOverview,
    labels: (ui) => ({ session: sessionOf(ui), overview: ui.adminOverview }),
    Screen: LazyOverview,
  }),
  consultations: screen({
    words: (ui) => ui.adminConsultations,
    labels: (ui) => ({ ...leadWords(ui), kind: ui.adminConsultations, meetings: ui.adminMeetings }),
    Screen: (props) => <InboxScreen kind="consultations" {...props} />,
    // The requests and messages that are New, and those of them overdue (spam is never among them).
    counts: inboxCounts('consultations'),
  }),
  meetings: screen({
    words: (ui) => ui.adminMeetings,
    labels: (ui) => ({ session: sessionOf(ui), meetings: ui.adminMeetings }),
    Screen: MeetingsScreen,
    // The past meetings not marked held or no-show yet: the agenda's Past view lists them first.
    counts: (summary) => [{ count: summary.meetings.unmarked, label: 'toMarkCount', tone: 'accent' }],
  }),
  messages: screen({
    words: (ui) => ui.adminMessages,
    labels: (ui) => ({ ...leadWords(ui), kind: ui.adminMessages }),
    Screen: (props) => <InboxScreen kind="messages" {...props} />,
    counts: inboxCounts('messages'),
  }),
  newsletter: screen({
    words: (ui) => ui.admin,
    labels: (ui) => ui.adminScreen,
    Screen: SubscribersPanel,
    withoutSummary: true,
  }),
  outbox: screen({
    words: (ui) => ui.adminOutbox,
    labels: (ui) => ({ ...leadWords(ui), outbox: ui.adminOutbox }),
    Screen: OutboxScreen,
  }),
  tokens: screen({
    words: (ui) => ui.adminTokens,
    labels: (ui) => ({ session: sessionOf(ui), tokens: ui.adminTokens }),
    Screen: TokensScreen,
  }),
  blocked: screen({
    words: (ui) => ui.adminBlocked,
    labels: (ui) => {
      const { pagination, showing, previous, next } = ui.adminInbox
      return { session: sessionOf(ui), blocked: ui.adminBlocked, pager: { pagination, showing, previous, next } }
    },
    Screen: BlockedScreen,
    // The posts the block list caught this week, kept apart from every list: without the count, a wrong block would go unseen.
    counts: (summary) => [{ count: summary.blocked.thisWeek, label: 'caughtCount', tone: 'accent' }],
  }),
} satisfies Record<AdminScreenName, AnyScreenRow>

/** The table, by every screen's name: a screen without its row is an error above only, not in each file that reads the table. */
export const adminScreens: { [S in AdminScreenName]: S extends keyof typeof table ? (typeof table)[S] : AnyScreenRow } = table

/** The screens in the order of the navigation. */
export const adminScreenNames = Object.keys(adminScreens) as AdminScreenName[]

/** The words the island of screen `S` gets. */
export type ScreenLabels<S extends AdminScreenName> = ReturnType<(typeof adminScreens)[S]['labels']>
