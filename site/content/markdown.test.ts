import matter from 'gray-matter'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { beforeAll, describe, expect, it } from 'vitest'
import { syntheticArticle } from '../../scripts/synthetic-content.ts'
import { loadImageManifest } from './imageManifest.ts'
import { gfmSyntax, markdownRenderer, type MarkdownRenderer } from './markdown.ts'
import { WORKER_THRESHOLD } from './markdownWorkers.ts'
import { ContentProblems } from './problems.ts'

let problems: ContentProblems
let markdown: MarkdownRenderer
beforeAll(async () => {
  problems = new ContentProblems()
  markdown = markdownRenderer({ 'site.name': 'Bluebonnet Digital' }, await loadImageManifest('content'), problems)
})

const source = (text: string, line = 5) => ({ file: 'content/blog/x.md', text, line })

describe('markdownRenderer', () => {
  it('renders GitHub-flavoured Markdown: tables, strikethrough and task lists', () => {
    const { html } = markdown.render(source('| Plan | Price |\n| --- | --- |\n| Basic | $10 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n'))
    expect(html).toContain('<table>')
    expect(html).toContain('<td>Basic</td>')
    expect(html).toContain('<del>old</del>')
    expect(html).toMatch(/<input type="checkbox" checked disabled>/)
  })

  it('renders a document without any GFM syntax exactly as GFM would, without paying for it', () => {
    const text = matter(syntheticArticle(3)).content
    expect(gfmSyntax.test(text)).toBe(false)
    const gfm = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify)
    expect(markdown.render(source(text)).html).toBe(String(gfm.processSync(text)))
  })

  it('shows a content image as its WebP versions with size, and keeps every site link with its line in the file', () => {
    const { html, links } = markdown.render(source('Intro by {{site.name}}.\n\n![Chart](/images/blog/automation-workflows.svg)\n\nSee [the blog](/blog) and [a guide](https://example.com).\n'))
    expect(html).toMatch(/<img src="\/assets\/img\/automation-workflows-\w+-1280\.webp" alt="Chart" srcset="[^"]+ 640w, [^"]+ 1280w" sizes="[^"]+" width="1280" height="\d+" loading="lazy" decoding="async">/)
    expect(html).toContain('Bluebonnet Digital')
    expect(links).toEqual([
      { url: '/images/blog/automation-workflows.svg', image: true, where: { line: 7 } },
      { url: '/blog', image: false, where: { line: 9 } },
    ])
  })

  it('publishes an image given by reference, and a plain link to a picture, as WebP', () => {
    const { html, links } = markdown.render(source('![Art][art] and [the picture][art]\n\n[art]: /images/og-default.svg\n'))
    expect(html).toMatch(/<img src="\/assets\/img\/og-default-\w+-1200\.webp" alt="Art" srcset="[^"]+" sizes="[^"]+" width="1200" height="630"/)
    expect(html).toMatch(/<a href="\/assets\/img\/og-default-\w+-1200\.webp">the picture<\/a>/)
    expect(links).toEqual([{ url: '/images/og-default.svg', image: true, where: { line: 7 } }])
  })

  it('places Markdown in a front-matter field at that field', () => {
    const { links } = markdown.render({ file: 'content/case-studies/x.md', text: 'Text\n\n[Home](/)\n', field: '/challenge' })
    expect(links).toEqual([{ url: '/', image: false, where: { field: '/challenge' } }])
  })

  it('renders a large batch in worker threads exactly as in-process, in order', async () => {
    // More than one worker and batch; every other document with GFM syntax.
    const sources = Array.from({ length: WORKER_THRESHOLD + 7 }, (_, index) =>
      source(`## Part ${index}\n\nSee [page ${index}](/blog/p-${index}) and **bold** text.\n\n${index % 2 ? '| a | b |\n| - | - |\n| 1 | ~~x~~ |' : 'No table.\n\n-'}\n\n![Art](/images/og-default.svg)\n`),
    )
    const rendered = await Promise.all(markdown.renderEach(sources))
    expect(rendered).toEqual(sources.map((document) => markdown.render(document)))
    expect(rendered[5]!.html).toContain('<h2>Part 5</h2>')
    expect(rendered[5]!.html).toContain('<del>x</del>')
    expect(rendered[5]!.links).toEqual([
      { url: '/blog/p-5', image: false, where: { line: 7 } },
      { url: '/images/og-default.svg', image: true, where: { line: 13 } },
    ])
  })
})
