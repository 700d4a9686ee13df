import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { readTimeMinutes } from './readTime.ts'
import { blogPostSchema, type BlogPostData } from './schemas.ts'
import { validate } from './validate.ts'

/**
 * An article: its front matter, checked, and its body's HTML, which arrives later than the rest (with
 * thousands of articles, pages are rendered from the first ones while the last are still in Markdown).
 */
export type BlogPost = BlogPostData & { readTime: number; slug: string; html: Promise<string>; file: string; links: Promise<Link[]> }

// 'content/blog/automation-workflows.md' -> slug 'automation-workflows'; newest first, which is also
// the order in which the bodies are rendered and the pages built.
export async function loadBlogPosts(contentDir: string, markdown: MarkdownRenderer, problems: ContentProblems): Promise<BlogPost[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'blog'), problems)
  const valid: { file: string; name: string; data: BlogPostData; body: string; bodyLine: number }[] = []
  for (const { file, name, data, body, bodyLine } of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.add(file, 'file name must be a lowercase slug, e.g. my-new-article.md')
    if (data && validate<BlogPostData>(blogPostSchema, data, file, problems)) valid.push({ file, name, data, body, bodyLine })
  }
  valid.sort((a, b) => b.data.date.localeCompare(a.data.date) || a.name.localeCompare(b.name))
  const rendered = markdown.renderEach(valid.map(({ file, body, bodyLine }) => ({ file, text: body, line: bodyLine })))
  // A failure is reported where a body is awaited (its page, the link check), not as an unhandled rejection.
  for (const body of rendered) body.catch(() => {})
  const posts: BlogPost[] = valid.map(({ file, name, data, body }, index) => ({
    ...data,
    readTime: data.readTime ?? readTimeMinutes(body),
    slug: name,
    file,
    html: rendered[index]!.then((body) => body.html),
    links: rendered[index]!.then((body) => body.links),
  }))
  // Checked against every file, so one broken article does not make the links to it look broken too.
  const slugs = new Set(files.map((file) => file.name))
  for (const post of posts) {
    if (post.next && !slugs.has(post.next)) {
      problems.add(post.file, `next must name an article in content/blog (got "${post.next}")`, { field: '/next' })
    }
  }
  return posts
}
