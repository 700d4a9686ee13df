import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { readMarkdownDir } from './files.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { readTimeMinutes } from './readTime.ts'
import { blogPostSchema, type BlogPostData } from './schemas.ts'
import { validate } from './validate.ts'

export type BlogPost = BlogPostData & { readTime: number; slug: string; html: string; file: string; links: Link[] }

/** Bodies rendered between two turns of the event loop: a large blog then never stalls the bundler's hooks for long. */
const BODIES_PER_TURN = 20

// 'content/blog/automation-workflows.md' -> slug 'automation-workflows'; newest first.
export async function loadBlogPosts(contentDir: string, markdown: MarkdownRenderer, problems: ContentProblems): Promise<BlogPost[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'blog'), problems)
  const valid: { file: string; name: string; data: BlogPostData; body: string; bodyLine: number }[] = []
  for (const { file, name, data, body, bodyLine } of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.add(file, 'file name must be a lowercase slug, e.g. my-new-article.md')
    if (data && validate<BlogPostData>(blogPostSchema, data, file, problems)) valid.push({ file, name, data, body, bodyLine })
  }
  valid.sort((a, b) => b.data.date.localeCompare(a.data.date) || a.name.localeCompare(b.name))
  const posts: BlogPost[] = []
  for (const [index, { file, name, data, body, bodyLine }] of valid.entries()) {
    if (index > 0 && index % BODIES_PER_TURN === 0) await nextTurn()
    const { html, links } = markdown.render({ file, text: body, line: bodyLine })
    posts.push({ ...data, readTime: data.readTime ?? readTimeMinutes(body), slug: name, file, html, links })
  }
  // Checked against every file, so one broken article does not make the links to it look broken too.
  const slugs = new Set(files.map((file) => file.name))
  for (const post of posts) {
    if (post.next && !slugs.has(post.next)) {
      problems.add(post.file, `next must name an article in content/blog (got "${post.next}")`, { field: '/next' })
    }
  }
  return posts
}
