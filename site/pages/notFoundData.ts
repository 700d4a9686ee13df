import type { PageContextServer } from 'vike/types'
import { siteContent } from '../content/siteContent'
import type { SiteContent } from '../content'
import { notFoundVariants, type NotFoundScreen, type NotFoundVariant } from '../components/NotFound'
import { urls, type NotFoundSection } from '../../contract/wire/urls'
import { pageHead } from './pageData'

function notFoundScreen(content: SiteContent, variant: NotFoundVariant): NotFoundScreen {
  const { notFound, service, caseStudy } = content.ui
  if (variant === 'service') return { heading: service.notFoundTitle, text: service.notFoundText, link: { label: service.returnHome, href: urls.home } }
  if (variant === 'case-study')
    return { heading: notFound.caseStudyHeading, text: notFound.caseStudyText, link: { label: caseStudy.viewMoreProjects, href: '/#portfolio' } }
  return { heading: notFound.heading, text: notFound.text, link: { label: notFound.returnHome, href: urls.home } }
}

/** +data of a section's not-found page (/service/404): its one screen. */
export async function notFoundData(pageContext: PageContextServer, section: NotFoundSection) {
  return { screen: notFoundScreen(siteContent(pageContext.globalContext), section) }
}

/** +data of dist/404.html: every screen, the site's first (shown without JavaScript). */
export async function everyNotFoundData(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  return { screens: notFoundVariants.map((variant) => ({ variant, ...notFoundScreen(content, variant) })) }
}

const screenHead = ({ heading, text }: NotFoundScreen) => ({ title: heading, description: text, noindex: true })

/** The head of a section's not-found page: its screen's words, never indexed. */
export const notFoundHead = pageHead<Awaited<ReturnType<typeof notFoundData>>>(({ screen }) => screenHead(screen))

/** The head of dist/404.html: the first screen's words (the one shown without JavaScript). */
export const everyNotFoundHead = pageHead<Awaited<ReturnType<typeof everyNotFoundData>>>(({ screens }) => screenHead(screens[0]!))
