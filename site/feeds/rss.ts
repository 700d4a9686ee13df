import { Feed } from 'feed'
import type { SiteContent } from '../content/index.ts'
import { siteUrl, urls } from '../../contract/urls.ts'

/** The blog as RSS 2.0; dated by the newest article so that the same content gives the same file. */
export function rssFeed(content: SiteContent): string {
  const { site, ui, posts } = content
  const origin = siteUrl(content)
  const feed = new Feed({
    title: `${site.name} ${ui.blog.metaTitle}`,
    description: ui.blog.metaDescription,
    id: origin + urls.blog,
    link: origin + urls.blog,
    language: site.lang,
    copyright: `© ${site.copyrightYear} ${site.name}`,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : new Date(`${site.copyrightYear}-01-01T00:00:00Z`),
    feedLinks: { rss: origin + urls.rss },
    generator: site.name,
  })
  for (const post of posts) {
    const url = origin + urls.post(post.slug)
    feed.addItem({ title: post.title, id: url, link: url, description: post.description, date: new Date(`${post.date}T00:00:00Z`) })
  }
  return feed.rss2()
}
