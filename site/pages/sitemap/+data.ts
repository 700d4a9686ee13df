import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'

// Generated from content, so every link resolves (DECISIONS.md: the spec's old case-study ids redirect).
export async function data(pageContext: PageContextServer) {
  const { ui, navigation, services, caseStudies, posts, legal } = siteContent(pageContext.globalContext)
  const groups = [
    { title: ui.sitemap.mainPages, links: [...navigation.main, { label: ui.portfolio.title, href: '/portfolio' }] },
    { title: ui.sitemap.services, links: services.map((service) => ({ label: service.title, href: `/service/${service.id}` })) },
    { title: ui.sitemap.legalInfo, links: [...legal.map((page) => ({ label: page.title, href: `/${page.slug}` })), { label: ui.sitemap.title, href: '/sitemap' }] },
    { title: ui.sitemap.caseStudies, links: caseStudies.map((study) => ({ label: study.title, href: `/case-study/${study.id}` })) },
    { title: ui.sitemap.blogArticles, links: posts.map((post) => ({ label: post.title, href: `/blog/${post.slug}` })) },
  ]
  return {
    head: { title: ui.sitemap.title, description: ui.sitemap.metaDescription, path: '/sitemap' },
    ui: ui.sitemap,
    breadcrumbUi: ui.breadcrumb,
    groups,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
