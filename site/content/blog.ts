import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import { fillTokens, markdownToHtmlEach, type Tokens } from './markdown.ts'
import { blogPostSchema, type BlogPostData } from './schemas.ts'
import { validate, type ContentProblems } from './validate.ts'

/**
 * An article: its front matter, checked, and its body's HTML, which arrives later than the rest (with
 * thousands of articles, pages are rendered from the first ones while the last are still in Markdown).
 */
export type BlogPost = BlogPostData & { slug: string; html: Promise<string>; file: string }

// 'content/blog/automation-workflows.md' -> slug 'automation-workflows'; newest first, which is also
// the order in which the bodies are rendered and the pages built.
export async function loadBlogPosts(contentDir: string, tokens: Tokens, problems: ContentProblems): Promise<BlogPost[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'blog'), problems)
  const valid: { file: string; name: string; data: BlogPostData; markdown: string }[] = []
  for (const { file, name, data, body } of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.add(file, 'file name must be a lowercase slug, e.g. my-new-article.md')
    if (!validate<BlogPostData>(blogPostSchema, data, file, problems)) continue
    valid.push({ file, name, data, markdown: fillTokens(body, tokens, file, problems) })
  }
  valid.sort((a, b) => b.data.date.localeCompare(a.data.date) || a.name.localeCompare(b.name))
  const html = markdownToHtmlEach(valid.map((post) => post.markdown))
  // A failure is reported where a body is awaited (its page, the link check), not as an unhandled rejection.
  for (const body of html) body.catch(() => {})
  const posts: BlogPost[] = valid.map(({ file, name, data }, index) => ({ ...data, slug: name, file, html: html[index]! }))
  // Checked against every file, so one broken article does not make the links to it look broken too.
  const slugs = new Set(files.map((file) => file.name))
  for (const post of posts) {
    if (post.next && !slugs.has(post.next)) {
      problems.add(post.file, `next must name an article in content/blog (got "${post.next}")`)
    }
  }
  return posts
}
