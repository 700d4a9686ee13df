import type { CaseCardData } from '../components/CaseCard'
import type { PostCardData } from '../components/PostCard'
import type { ServiceCardData } from '../components/ServiceCard'
import type { BlogPost, CaseStudy, Service, SiteContent } from '../content'
import { imageFor } from '../content/imageFor'
import { format } from '../content/ui'

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

/** The categories in the order they first appear, for the portfolio filter. */
export const caseCategories = (cases: CaseStudy[]) => [...new Set(cases.map((study) => study.category))]
