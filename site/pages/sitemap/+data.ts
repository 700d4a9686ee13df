import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'

// Generated from content, so every link resolves (old case-study ids are redirects and not listed).
export async function data(pageContext: PageContextServer) {
  const { ui, navigation, services, caseStudies, posts, legal } = siteContent(pageContext.globalContext)
  const groups = [
    { title: ui.sitemap.mainPages, links: [...navigation.main, { label: ui.portfolio.title, href: urls.portfolio }] },
    { title: ui.sitemap.services, links: services.map((service) => ({ label: service.title, href: urls.service(service.id) })) },
    {
      title: ui.sitemap.legalInfo,
      links: [...legal.map((page) => ({ label: page.title, href: urls.legal(page.slug) })), { label: ui.sitemap.title, href: urls.sitemap }],
    },
    { title: ui.sitemap.caseStudies, links: caseStudies.map((study) => ({ label: study.title, href: urls.caseStudy(study.id) })) },
    { title: ui.sitemap.blogArticles, links: posts.map((post) => ({ label: post.title, href: urls.post(post.slug) })) },
  ]
  return {
    head: { title: ui.sitemap.title, description: ui.sitemap.metaDescription, path: urls.sitemap },
    ui: ui.sitemap,
    breadcrumbUi: ui.breadcrumb,
    groups,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
