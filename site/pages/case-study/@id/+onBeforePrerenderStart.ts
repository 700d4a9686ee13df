import { getContent } from '../../../content'
import { urls } from '../../../urls'

// Old ids (e.g. smart-support-ai) are prerendered too, as redirect documents.
export async function onBeforePrerenderStart() {
  const { caseStudies, redirects } = await getContent()
  return [...caseStudies.map((study) => urls.caseStudy(study.id)), ...redirects.map((redirect) => redirect.from)]
}
