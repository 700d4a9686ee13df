import type { BlogPost, SiteContent } from '../content'
import { siteUrl, urls } from '../../contract/wire/urls'

// schema.org data for search engines: the agency on the home page, each article on its own page.
export function organizationJsonLd(content: SiteContent) {
  const { site } = content
  const url = siteUrl(content)
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.name,
    description: site.description,
    url,
    email: site.email,
    telephone: site.phone,
    logo: `${url}/favicon.svg`,
    address: { '@type': 'PostalAddress', addressLocality: site.address.locality, addressRegion: site.address.region, addressCountry: site.address.country },
    areaServed: `${site.address.locality}, ${site.address.region}`,
    sameAs: site.social.map((link) => link.href),
  }
}

export function articleJsonLd(content: SiteContent, post: Pick<BlogPost, 'slug' | 'title' | 'description' | 'date' | 'image'>) {
  const url = siteUrl(content)
  const image = content.images.get(post.image)
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    image: image ? url + image.card : undefined,
    url: url + urls.post(post.slug),
    author: { '@type': 'Organization', name: content.site.name },
    publisher: { '@type': 'Organization', name: content.site.name, logo: { '@type': 'ImageObject', url: `${url}/favicon.svg` } },
  }
}
