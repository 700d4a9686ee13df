import type { PageContextServer } from 'vike/types'
import { siteContent } from '../content/siteContent'
import type { SiteContent } from '../content/index'
import type { MeetingStateLabels, SessionLabels } from '../admin/labels'
import { meetingStateWords } from '../../contract/content/stateWords'
import type { AdminScreenName } from '../admin/screens'
import type { IslandProps } from '../islands/registry'
import { pageHead } from './pageData'

/** +data of an admin page: its screen, with that screen's words. */
export async function adminPageData(pageContext: PageContextServer, screen: AdminScreenName) {
  return { screen: adminScreenProps(siteContent(pageContext.globalContext), screen) }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>

/** The head of every admin page (admin/+head.ts): its screen's title, never indexed. */
export const adminHead = pageHead<AdminPageData>(({ screen }, { ui }) => {
  const words = {
    newsletter: ui.admin,
    consultations: ui.adminConsultations,
    messages: ui.adminMessages,
    outbox: ui.adminOutbox,
    meetings: ui.adminMeetings,
    tokens: ui.adminTokens,
    blocked: ui.adminBlocked,
    overview: ui.adminOverview,
  }
  const { title, metaDescription } = words[screen.screen]
  return { title, description: metaDescription, noindex: true }
})

function adminScreenProps(content: SiteContent, screen: AdminScreenName): IslandProps<'admin'> {
  const { ui } = content
  const shell = ui.adminShell
  const siteName = content.site.name
  if (screen === 'newsletter') return { screen, title: ui.admin.title, siteName, shell, labels: ui.adminScreen }
  const { noScript, tryAgain, refresh, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed } = ui.adminScreen
  const session: SessionLabels = { noScript, tryAgain, refresh, signInTitle, password, signIn, signingIn, wrongPassword, signInFailed }
  const meetingStates = Object.fromEntries(Object.values(meetingStateWords).map((key) => [key, ui.adminMeetings[key]])) as MeetingStateLabels
  const common = { session, inbox: { ...ui.adminInbox, ...meetingStates }, emailKinds: ui.emailKinds }
  if (screen === 'tokens') return { screen, title: ui.adminTokens.title, siteName, shell, labels: { session, tokens: ui.adminTokens } }
  if (screen === 'overview') return { screen, title: ui.adminOverview.title, siteName, shell, labels: { session, overview: ui.adminOverview } }
  if (screen === 'blocked') {
    const { pagination, showing, previous, next } = ui.adminInbox
    return {
      screen,
      title: ui.adminBlocked.title,
      siteName,
      shell,
      labels: { session, blocked: ui.adminBlocked, pager: { pagination, showing, previous, next } },
    }
  }
  if (screen === 'outbox') return { screen, title: ui.adminOutbox.title, siteName, shell, labels: { ...common, outbox: ui.adminOutbox } }
  if (screen === 'meetings')
    return {
      screen,
      title: ui.adminMeetings.title,
      siteName,
      shell,
      labels: { session, meetings: ui.adminMeetings },
    }
  if (screen === 'consultations')
    return { screen, title: ui.adminConsultations.title, siteName, shell, labels: { ...common, kind: ui.adminConsultations, meetings: ui.adminMeetings } }
  return { screen, title: ui.adminMessages.title, siteName, shell, labels: { ...common, kind: ui.adminMessages } }
}
