import type { PageContextServer } from 'vike/types'
import { siteContent } from '../build/siteContent'
import { notFoundText, type NotFoundVariant } from '../components/NotFound'

export async function notFoundData(pageContext: PageContextServer, variant: NotFoundVariant, path: string) {
  const content = siteContent(pageContext.globalContext)
  const { heading, text } = notFoundText(content, variant)
  return { head: { title: heading, description: text, path, noindex: true }, content, variant }
}

export type NotFoundData = Awaited<ReturnType<typeof notFoundData>>
