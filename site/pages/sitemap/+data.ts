import { collectionList } from '../../content/collections'
import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/wire/urls'
import { pageData } from '../pageData'

// Generated from content, so every link resolves (old case-study ids are redirects and not listed): the
// main pages, then a group per collection (collections.ts), the legal one also naming this page.
export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { ui, navigation } = content
  const groups = [
    { title: ui.sitemap.mainPages, links: [...navigation.main, { label: ui.portfolio.title, href: urls.portfolio }] },
    ...collectionList.map(([name, collection]) => ({
      title: ui.sitemap[collection.sitemap.group],
      links: [
        ...content[name].map((entry) => ({ label: entry.title, href: collection.address(collection.idOf(entry)) })),
        ...(collection.sitemap.group === 'legalInfo' ? [{ label: ui.sitemap.title, href: urls.sitemap }] : []),
      ],
    })),
  ]
  return {
    ui: ui.sitemap,
    breadcrumbUi: ui.breadcrumb,
    groups,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
