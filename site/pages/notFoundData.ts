import { getContent } from '../content'
import { notFoundText, type NotFoundVariant } from '../components/NotFound'

export async function notFoundData(variant: NotFoundVariant, path: string) {
  const content = await getContent()
  const { heading, text } = notFoundText(content, variant)
  return { head: { title: heading, description: text, path, noindex: true }, content, variant }
}

export type NotFoundData = Awaited<ReturnType<typeof notFoundData>>
