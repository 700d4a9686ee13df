import { ShieldCheck, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { meetingStateWords } from '../../contract/content/stateWords'
import { roleAllows, type EndpointRole, type Role } from '../../contract/wire/people'
import type { Summary } from '../../contract/wire/records'
import type { UiStrings } from '../content/ui'
import { BlockedScreen } from './blocked/BlockedScreen'
import { InboxScreen } from './inbox/InboxScreen'
import { JoinScreen } from './join/JoinScreen'
import type { MeetingStateLabels, SessionLabels, ShellLabels } from './labels'
import { MeetingsScreen } from './meetings/MeetingsScreen'
import { OutboxScreen } from './outbox/OutboxScreen'
import { LazyOverview } from './overview/LazyOverview'
import { PeopleScreen } from './people/PeopleScreen'
import { ResetScreen } from './reset/ResetScreen'
import type { AdminScreenName } from './screens'
import { SecurityScreen } from './security/SecurityScreen'
import { SessionsScreen } from './sessions/SessionsScreen'
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
  /**
   * Who opens it (contract/wire/people.ts): any person by default; 'owner', and a member's navigation does not
   * link it (the service refuses them its calls); 'anyone', a screen for the signed out, with no navigation.
   */
  role?: EndpointRole
  /**
   * The person's own, linked from the admin bar, not the navigation: 'name', their name links it (one such screen,
   * their sessions); an icon, a link of its own beside the name (their sign-in ways).
   */
  account?: 'name' | LucideIcon
}

/** A row whatever its labels, for checking that the table has one per screen and no other. */
type AnyScreenRow = Omit<ScreenRow<unknown>, 'Screen'> & { Screen: (props: never) => ReactNode }

/** Infers a row's labels from its `labels`, and checks its Screen takes them. */
const screen = <Labels,>(row: ScreenRow<Labels>) => row

const sessionOf = (ui: UiStrings): SessionLabels => {
  const { noScript, tryAgain, refresh, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed } = ui.adminScreen
  const { signInEmail, signInPassword, bootstrapText, wrongEmailOrPassword, signInLoading } = ui.adminScreen
  const { signInCode, signInRecoveryCode, useRecoveryCode, useAppCode, forgotPassword, signInOr } = ui.adminScreen
  const { passkeySignIn, passkeySigningIn, passkeyCancelled, passkeySignInFailed } = ui.adminScreen
  return {
    noScript,
    tryAgain,
    refresh,
    signInTitle,
    password,
    signIn,
    signingIn,
    wrongPassword,
    signInFailed,
    signInEmail,
    signInPassword,
    bootstrapText,
    wrongEmailOrPassword,
    signInLoading,
    signInCode,
    signInRecoveryCode,
    useRecoveryCode,
    useAppCode,
    forgotPassword,
    signInOr,
    passkeySignIn,
    passkeySigningIn,
    passkeyCancelled,
    passkeySignInFailed,
  }
}

/** Previous and Next under a paged list, from the inbox's words. */
const pagerOf = (ui: UiStrings) => {
  const { pagination, showing, previous, next } = ui.adminInbox
  return { pagination, showing, previous, next }
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
    role: 'owner',
  }),
  blocked: screen({
    words: (ui) => ui.adminBlocked,
    labels: (ui) => ({ session: sessionOf(ui), blocked: ui.adminBlocked, pager: pagerOf(ui) }),
    Screen: BlockedScreen,
    // The posts the block list caught this week, kept apart from every list: without the count, a wrong block would go unseen.
    counts: (summary) => [{ count: summary.blocked.thisWeek, label: 'caughtCount', tone: 'accent' }],
    role: 'owner',
  }),
  people: screen({
    words: (ui) => ui.adminPeople,
    labels: (ui) => ({ session: sessionOf(ui), people: ui.adminPeople, pager: pagerOf(ui) }),
    Screen: PeopleScreen,
    role: 'owner',
  }),
  sessions: screen({
    words: (ui) => ui.adminSessions,
    labels: (ui) => ({ session: sessionOf(ui), sessions: ui.adminSessions }),
    Screen: SessionsScreen,
    account: 'name',
  }),
  security: screen({
    words: (ui) => ui.adminSecurity,
    labels: (ui) => ({ session: sessionOf(ui), security: ui.adminSecurity }),
    Screen: SecurityScreen,
    account: ShieldCheck,
    // Opens also while the desk requires a second factor the person has not added yet: this is where they add it.
    role: 'self',
  }),
  join: screen({
    words: (ui) => ui.adminJoin,
    labels: (ui) => ({ join: ui.adminJoin }),
    Screen: JoinScreen,
    role: 'anyone',
  }),
  reset: screen({
    words: (ui) => ui.adminReset,
    labels: (ui) => ({ reset: ui.adminReset }),
    Screen: ResetScreen,
    role: 'anyone',
  }),
} satisfies Record<AdminScreenName, AnyScreenRow>

/** The table, by every screen's name: a screen without its row is an error above only, not in each file that reads the table. */
export const adminScreens: { [S in AdminScreenName]: S extends keyof typeof table ? (typeof table)[S] : AnyScreenRow } = table

/** The screens in the order of the navigation. */
export const adminScreenNames = Object.keys(adminScreens) as AdminScreenName[]

/** Who may open a screen: 'member' (any person) unless its row says otherwise. */
export const screenRole = (screen: AdminScreenName): EndpointRole => adminScreens[screen].role ?? 'member'

/**
 * The screens the navigation links, in order: not one for the signed out (Join, Reset), nor one of the person's own
 * (the bar links them by their name), nor, for a member, an owner's. Until the role is known (signed out, loading) every
 * person's screen is linked, as the page's HTML has them.
 */
export const navScreenNames = (role: Role | undefined): AdminScreenName[] =>
  adminScreenNames.filter(
    (screen) => screenRole(screen) !== 'anyone' && !adminScreens[screen].account && (role === undefined || roleAllows(role, screenRole(screen))),
  )

/** The person's own screen (their sessions), which their name in the admin bar links to. */
export const accountScreen = adminScreenNames.find((screen) => adminScreens[screen].account === 'name')

/** The person's other own screens (their sign-in ways), each a link with its icon beside their name in the admin bar. */
export const accountLinks = adminScreenNames.flatMap((screen) => {
  const Icon = adminScreens[screen].account
  return Icon === undefined || Icon === 'name' ? [] : [{ screen, Icon }]
})

/** The words the island of screen `S` gets. */
export type ScreenLabels<S extends AdminScreenName> = ReturnType<(typeof adminScreens)[S]['labels']>
