import { Feed } from 'feed'
import { collectionList } from '../content/collections.ts'
import type { SiteContent } from '../content/index.ts'
import { siteUrl, urls } from '../../contract/wire/urls.ts'

/** The feed's items: the entries of every collection with a `feed` (collections.ts), each in its collection's order. */
function feedItems(content: SiteContent, origin: string) {
  return collectionList.flatMap(([name, collection]) => {
    const { feed } = collection
    if (!feed) return []
    return content[name].map((entry) => ({
      title: entry.title,
      url: origin + collection.address(collection.idOf(entry)),
      description: feed.description(entry),
      date: new Date(`${feed.date(entry)}T00:00:00Z`),
    }))
  })
}

/** The blog as RSS 2.0; dated by the newest article so that the same content gives the same file. */
export function rssFeed(content: SiteContent): string {
  const { site, ui } = content
  const origin = siteUrl(content)
  const items = feedItems(content, origin)
  const feed = new Feed({
    title: `${site.name} ${ui.blog.metaTitle}`,
    description: ui.blog.metaDescription,
    id: origin + urls.blog,
    link: origin + urls.blog,
    language: site.lang,
    copyright: `© ${site.copyrightYear} ${site.name}`,
    updated: items[0]?.date ?? new Date(`${site.copyrightYear}-01-01T00:00:00Z`),
    feedLinks: { rss: origin + urls.rss },
    generator: site.name,
  })
  for (const item of items) feed.addItem({ title: item.title, id: item.url, link: item.url, description: item.description, date: item.date })
  return feed.rss2()
}
