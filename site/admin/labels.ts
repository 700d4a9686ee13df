import type { MeetingState } from '../../contract/booking/booking'
import type { meetingStateWords } from '../../contract/content/stateWords'
import type { UiStrings } from '../content/ui'

// The words each admin screen gets as island props (content/ui.json), no more.

export type ShellLabels = UiStrings['adminShell']
export type SubscriberLabels = UiStrings['adminScreen']
/** A meeting state's word (adminMeetings in content/ui.json): the inbox shows a request's meeting state too. */
export type MeetingStateLabels = Pick<UiStrings['adminMeetings'], (typeof meetingStateWords)[MeetingState]>
export type InboxLabels = UiStrings['adminInbox'] & MeetingStateLabels
/** adminConsultations and adminMessages have the same keys. */
export type KindLabels = UiStrings['adminConsultations']
export type OutboxLabels = UiStrings['adminOutbox']
/** What each email is, by its template: 'contact-acknowledgement' -> "Acknowledgement to the visitor". */
export type EmailKindLabels = UiStrings['emailKinds']

export type SignInLabels = Pick<
  SubscriberLabels,
  | 'signInTitle'
  | 'signInText'
  | 'password'
  | 'signIn'
  | 'signingIn'
  | 'wrongPassword'
  | 'signInFailed'
  | 'signInEmail'
  | 'signInPassword'
  | 'bootstrapText'
  | 'wrongEmailOrPassword'
  | 'signInLoading'
  | 'signInCode'
  | 'signInRecoveryCode'
  | 'useRecoveryCode'
  | 'useAppCode'
  | 'forgotPassword'
  | 'signInOr'
  | 'passkeySignIn'
  | 'passkeySigningIn'
  | 'passkeyCancelled'
  | 'passkeySignInFailed'
>
/** A screen's loading, error and sign-in states. */
export type GateLabels = SignInLabels & Pick<SubscriberLabels, 'noScript' | 'loading' | 'fetchFailed' | 'loadError' | 'tryAgain'>

/** What the inbox screens share with the newsletter screen. */
export type SessionLabels = Pick<SubscriberLabels, 'noScript' | 'tryAgain' | 'refresh' | Exclude<keyof SignInLabels, 'signInText'>>

export type MeetingLabels = UiStrings['adminMeetings']
export type TokenLabels = UiStrings['adminTokens']
export type BlockedLabels = UiStrings['adminBlocked']
/** Previous and Next under a paged list, from the inbox's words. */
export type PagerLabels = Pick<InboxLabels, 'pagination' | 'showing' | 'previous' | 'next'>

/** The consultation requests' screen also shows each request's meeting (`meetings`). */
export type InboxScreenLabels = { session: SessionLabels; inbox: InboxLabels; kind: KindLabels; emailKinds: EmailKindLabels; meetings?: MeetingLabels }
export type MeetingsScreenLabels = { session: SessionLabels; meetings: MeetingLabels }
export type OutboxScreenLabels = { session: SessionLabels; inbox: InboxLabels; outbox: OutboxLabels; emailKinds: EmailKindLabels }
export type TokensScreenLabels = { session: SessionLabels; tokens: TokenLabels }
/** The Blocked screen pages through the posts the block list caught (`pager`). */
export type BlockedScreenLabels = { session: SessionLabels; blocked: BlockedLabels; pager: PagerLabels }
export type OverviewLabels = UiStrings['adminOverview']
export type OverviewScreenLabels = { session: SessionLabels; overview: OverviewLabels }
export type PeopleLabels = UiStrings['adminPeople']
export type SessionsLabels = UiStrings['adminSessions']
export type JoinLabels = UiStrings['adminJoin']
/** The People screen pages through the activity (`pager`). */
export type PeopleScreenLabels = { session: SessionLabels; people: PeopleLabels; pager: PagerLabels }
export type SessionsScreenLabels = { session: SessionLabels; sessions: SessionsLabels }
/** The join screen is signed out: no session words. */
export type JoinScreenLabels = { join: JoinLabels }
export type SecurityLabels = UiStrings['adminSecurity']
export type SecurityScreenLabels = { session: SessionLabels; security: SecurityLabels }
export type ResetLabels = UiStrings['adminReset']
/** The reset screen is signed out: no session words. */
export type ResetScreenLabels = { reset: ResetLabels }
