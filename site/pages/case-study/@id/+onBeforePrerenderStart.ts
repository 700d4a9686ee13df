import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../../content/siteContent'
import { urls } from '../../../../contract/urls'

// Old ids (e.g. smart-support-ai) are prerendered too, as redirect documents.
export async function onBeforePrerenderStart() {
  const { caseStudies, redirects } = siteContent(await getGlobalContext())
  return [...caseStudies.map((study) => urls.caseStudy(study.id)), ...redirects.map((redirect) => redirect.from)]
}
