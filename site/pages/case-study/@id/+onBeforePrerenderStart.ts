import { getContent } from '../../../content'

// Old ids (e.g. smart-support-ai) are prerendered too, as redirect documents.
export async function onBeforePrerenderStart() {
  const { caseStudies, redirects } = await getContent()
  return [...caseStudies.map((study) => `/case-study/${study.id}`), ...redirects.map((redirect) => redirect.from)]
}
