import { organizationJsonLd } from '../jsonLd'
import { pageHead } from '../pageData'

export const head = pageHead((_data, content) => ({
  title: content.site.name,
  description: content.site.description,
  jsonLd: [organizationJsonLd(content)],
}))
