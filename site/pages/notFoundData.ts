import type { PageContextServer } from 'vike/types'
import { siteContent } from '../content/siteContent'
import type { SiteContent } from '../content'
import { notFoundVariants, type NotFoundScreen, type NotFoundVariant } from '../components/NotFound'
import { urls, type NotFoundSection } from '../../contract/urls'

function notFoundScreen(content: SiteContent, variant: NotFoundVariant): NotFoundScreen {
  const { notFound, service, caseStudy } = content.ui
  if (variant === 'service') return { heading: service.notFoundTitle, text: service.notFoundText, link: { label: service.returnHome, href: urls.home } }
  if (variant === 'case-study')
    return { heading: notFound.caseStudyHeading, text: notFound.caseStudyText, link: { label: caseStudy.viewMoreProjects, href: '/#portfolio' } }
  return { heading: notFound.heading, text: notFound.text, link: { label: notFound.returnHome, href: urls.home } }
}

const head = ({ heading, text }: NotFoundScreen, path: string) => ({ title: heading, description: text, path, noindex: true })

/** +data of a section's not-found page (/service/404): its one screen. */
export async function notFoundData(pageContext: PageContextServer, section: NotFoundSection) {
  const content = siteContent(pageContext.globalContext)
  const screen = notFoundScreen(content, section)
  return { head: head(screen, urls.notFound(section)), screen }
}

/** +data of dist/404.html: every screen, the site's first (shown without JavaScript). */
export async function everyNotFoundData(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const screens = notFoundVariants.map((variant) => ({ variant, ...notFoundScreen(content, variant) }))
  return { head: head(screens[0]!, '/404'), screens }
}
