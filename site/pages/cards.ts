import type { CaseCardData } from '../components/CaseCard'
import type { PostCardData } from '../components/PostCard'
import type { ServiceCardData } from '../components/ServiceCard'
import type { BlogPost, CaseStudy, Service, SiteContent } from '../content'
import { imageFor } from '../content/imageFor'
import { format } from '../content/ui'
import type { IslandProps } from '../islands/registry'

// The few fields a card shows: these become island props, serialized into the page.
export const serviceCard = ({ id, title, icon, description }: Service): ServiceCardData => ({ id, title, icon, description })

export const caseCard = (content: SiteContent, study: CaseStudy): CaseCardData => ({
  id: study.id,
  title: study.title,
  category: study.category,
  client: study.client,
  summary: study.summary,
  image: imageFor(content, study.mainImage),
  imageAlt: study.mainImageAlt,
})

export const postCard = (content: SiteContent, post: BlogPost): PostCardData => ({
  slug: post.slug,
  title: post.title,
  description: post.description,
  date: post.date,
  readTime: format(content.ui.blog.minRead, { minutes: post.readTime }),
  image: imageFor(content, post.image),
  imageAlt: post.imageAlt,
})

/** The filterable portfolio, on the home page and on /portfolio: every case, its categories in the order they first appear. */
export function portfolioProps(content: SiteContent): IslandProps<'portfolio'> {
  const { caseStudies, ui } = content
  const { filterAll, filterLabel, featured, viewCaseStudy } = ui.home
  return {
    cases: caseStudies.map((study) => caseCard(content, study)),
    categories: [...new Set(caseStudies.map((study) => study.category))],
    labels: { filterAll, filterLabel, featured, viewCaseStudy },
  }
}
