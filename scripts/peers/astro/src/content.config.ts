import { glob } from 'astro/loaders'
import { defineCollection, z } from 'astro:content'

export const collections = {
  blog: defineCollection({
    loader: glob({ pattern: '*.md', base: process.env.ARTICLES_DIR ?? 'articles' }),
    schema: z.object({
      title: z.string(),
      description: z.string(),
      date: z.coerce.date(),
      readTime: z.number(),
      image: z.string(),
      imageAlt: z.string(),
    }),
  }),
}
