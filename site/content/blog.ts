import path from 'node:path'
import { readMarkdownDir } from './files.ts'
import { fillTokens, markdownToHtmlMany, type Tokens } from './markdown.ts'
import { blogPostSchema, type BlogPostData } from './schemas.ts'
import { validate, type ContentProblems } from './validate.ts'

export type BlogPost = BlogPostData & { slug: string; html: string; file: string }

// 'content/blog/automation-workflows.md' -> slug 'automation-workflows'; newest first.
export async function loadBlogPosts(contentDir: string, tokens: Tokens, problems: ContentProblems): Promise<BlogPost[]> {
  const files = await readMarkdownDir(path.join(contentDir, 'blog'), problems)
  const valid: { file: string; name: string; data: BlogPostData; markdown: string }[] = []
  for (const { file, name, data, body } of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.add(file, 'file name must be a lowercase slug, e.g. my-new-article.md')
    if (!validate<BlogPostData>(blogPostSchema, data, file, problems)) continue
    valid.push({ file, name, data, markdown: fillTokens(body, tokens, file, problems) })
  }
  const html = await markdownToHtmlMany(valid.map((post) => post.markdown))
  const posts: BlogPost[] = valid.map(({ file, name, data }, index) => ({ ...data, slug: name, file, html: html[index]! }))
  // Checked against every file, so one broken article does not make the links to it look broken too.
  const slugs = new Set(files.map((file) => file.name))
  for (const post of posts) {
    if (post.next && !slugs.has(post.next)) {
      problems.add(post.file, `next must name an article in content/blog (got "${post.next}")`)
    }
  }
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}
