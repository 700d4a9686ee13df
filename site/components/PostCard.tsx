import { ArrowRight, Clock } from 'lucide-react'
import type { ImageAsset } from '../content/imageManifest'
import { urls } from '../../contract/wire/urls'
import { FormattedDate } from './FormattedDate'
import { Picture } from './Picture'

export type PostCardData = { slug: string; title: string; description: string; date: string; readTime: string; image: ImageAsset; imageAlt: string }

export function PostCard({ post, readArticle }: { post: PostCardData; readArticle: string }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
      <Picture
        image={post.image}
        alt={post.imageAlt}
        sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-subtle">
          <FormattedDate date={post.date} />
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {post.readTime}
          </span>
        </p>
        <h2 className="mt-3 text-xl font-semibold text-foreground">{post.title}</h2>
        <p className="mt-3 flex-1 leading-7 text-muted-foreground">{post.description}</p>
        <a
          href={urls.post(post.slug)}
          className="mt-5 inline-flex items-center gap-2 font-semibold text-primary-strong after:absolute after:inset-0 after:content-['']"
        >
          {readArticle}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1" />
        </a>
      </div>
    </article>
  )
}
