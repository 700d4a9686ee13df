import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import matter from 'gray-matter'
import sharp from 'sharp'
import { parseDocument } from 'htmlparser2'
import { beforeAll, describe, expect, it } from 'vitest'
import { syntheticArticle } from '../../scripts/synthetic-content.ts'
import { fixtureContentDir } from '../fixtures/fixture.ts'
import { loadImageManifest, type ImageManifest } from '../../site/content/imageManifest.ts'
import { gfmSyntax, markdownRenderer, remark, type MarkdownCache, type MarkdownRenderer, type RenderedText } from '../../site/content/markdown.ts'
import { ContentProblems } from '../../contract/problems.ts'

let problems: ContentProblems
let markdown: MarkdownRenderer
let manifest: ImageManifest
beforeAll(async () => {
  problems = new ContentProblems()
  manifest = await loadImageManifest(fixtureContentDir)
  markdown = await markdownRenderer({ 'site.name': 'Bluebonnet Digital' }, manifest, problems)
})

const source = (text: string, line = 5) => ({ file: 'content/blog/x.md', text, line })

describe('markdownRenderer', () => {
  it('renders GitHub-flavoured Markdown: tables, strikethrough and task lists', async () => {
    const { html } = await markdown.render(source('| Plan | Price |\n| --- | --- |\n| Basic | $10 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n'))
    expect(html).toContain('<table>')
    expect(html).toContain('<td>Basic</td>')
    expect(html).toContain('<del>old</del>')
    expect(html).toMatch(/<input type="checkbox" checked disabled>/)
  })

  describe('plain CommonMark, which markdown-it renders', () => {
    // Every kind of CommonMark block and inline, the site's images and links, and what remark drops (raw HTML).
    const samples = [
      matter(syntheticArticle(3)).content,
      '# Title\n\nSome *emphasis*, **strong**, `code` and a [link](/blog "Title").\n',
      'Quotes "double" and \'single\', ampersand & less < greater > and entities &copy; &amp; &#35;.\n',
      'Line one  \nhard break and\\\nbackslash break\nsoft break.\n',
      '- one\n- two\n  - nested\n\n1. first\n2. second\n\n3) other\n\n- loose\n\n- list\n',
      '> A quote\n> over lines\n>\n> - with a list\n',
      '```js\nconst a = "<b>";\n```\n\n    indented code\n    block\n',
      '<div>raw html block</div>\n\nText with <span>inline</span> html.\n',
      '![Chart *one*](/images/blog/automation-workflows.svg "A title"), ![outside](/elsewhere.png) and [the picture](/images/og-default.svg)\n',
      'An autolink <ftp://example.org/x?a=1&b=2>; [spaces](</a b>), [unicode](/café), [empty]()\n',
      'Escaped \\*stars\\*, `a code span\nover two lines` and then [a page](/services) on the second\n',
      'Setext\n======\n\nSub\n---\n\n***\n\n[link with `code`](/a) and **[strong link](/blog/x#part)**\n',
      '1. a\n\n   para in item with [a link](/contact)\n\n   ```\n   code in item\n   ```\n',
    ]
    // remark as the build uses it for GitHub-flavoured documents.
    let gfm: Awaited<ReturnType<typeof remark>>
    beforeAll(async () => {
      gfm = await remark(Object.fromEntries(manifest.refs().map((ref) => [ref, manifest.get(ref)!])))
    })

    it('renders every sample into the same elements, attributes and text as remark, with the same links at the same lines', async () => {
      for (const text of samples) {
        expect(gfmSyntax.test(text), text).toBe(false)
        const file = gfm.processSync(text)
        const rendered = await markdown.render(source(text, 1))
        // Written alike but for character references (`&#x26;` against `&amp;`), so compared as parsed.
        expect(documentOf(rendered.html), text).toEqual(documentOf(String(file)))
        expect(rendered.links, text).toEqual((file.data.targets ?? []).map(({ url, image, line }) => ({ url, image, where: { line } })))
      }
    })

    it('writes no link to a script address, where remark would', async () => {
      expect((await markdown.render(source('[run](javascript:alert(1))\n'))).html).toBe('<p>[run](javascript:alert(1))</p>\n')
      expect(String(gfm.processSync('[run](javascript:alert(1))\n'))).toBe('<p><a href="javascript:alert(1)">run</a></p>')
    })
  })

  it('shows a content image as its published file with size, and keeps every site link with its line in the file', async () => {
    const { html, links } = await markdown.render(
      source('Intro by {{site.name}}.\n\n![Chart](/images/blog/automation-workflows.svg)\n\nSee [the blog](/blog) and [a guide](https://example.com).\n'),
    )
    // An SVG is published as it is: no widths to choose from.
    expect(html).toMatch(
      /<img src="\/assets\/img\/automation-workflows-[0-9a-f]{8}\.svg" alt="Chart" width="\d+" height="\d+" loading="lazy" decoding="async">/,
    )
    expect(html).toContain('Bluebonnet Digital')
    expect(links).toEqual([
      { url: '/images/blog/automation-workflows.svg', image: true, where: { line: 7 } },
      { url: '/blog', image: false, where: { line: 9 } },
    ])
  })

  it('publishes an image given by reference, and a plain link to a picture', async () => {
    const { html, links } = await markdown.render(source('![Art][art] and [the picture][art]\n\n[art]: /images/og-default.svg\n'))
    expect(html).toMatch(/<img src="\/assets\/img\/og-default-[0-9a-f]{8}\.svg" alt="Art" width="1200" height="630"/)
    expect(html).toMatch(/<a href="\/assets\/img\/og-default-[0-9a-f]{8}\.svg">the picture<\/a>/)
    expect(links).toEqual([{ url: '/images/og-default.svg', image: true, where: { line: 7 } }])
  })

  it('shows a photo as its WebP versions, for the browser to pick a width, and links to the largest', async () => {
    const content = await fs.mkdtemp(path.join(os.tmpdir(), 'markdown-photo-'))
    try {
      await fs.mkdir(path.join(content, 'images'))
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#10b981' } })
        .jpeg()
        .toFile(path.join(content, 'images', 'team.jpg'))
      const photos = await markdownRenderer({}, await loadImageManifest(content), new ContentProblems())
      const { html } = await photos.render(source('![The team](/images/team.jpg) and [the photo](/images/team.jpg)\n'))
      expect(html).toMatch(
        /<img src="\/assets\/img\/team-[0-9a-f]{8}-1280\.webp" alt="The team" srcset="[^"]+-480\.webp 480w, [^"]+-800\.webp 800w, [^"]+-1280\.webp 1280w" sizes="\(min-width: 768px\) 768px, 100vw" width="1280" height="960" loading="lazy" decoding="async">/,
      )
      expect(html).toMatch(/<a href="\/assets\/img\/team-[0-9a-f]{8}-1280\.webp">the photo<\/a>/)
    } finally {
      await fs.rm(content, { recursive: true, force: true })
    }
  })

  it('places Markdown in a front-matter field at that field', async () => {
    const { links } = await markdown.render({ file: 'content/case-studies/x.md', text: 'Text\n\n[Home](/)\n', field: '/challenge' })
    expect(links).toEqual([{ url: '/', image: false, where: { field: '/challenge' } }])
  })

  it('takes a rendering from the cache only for the same text and images, placed at the lines of the file it is in', async () => {
    const stored = new Map<string, RenderedText>()
    let rendered = 0
    const cache: MarkdownCache = {
      get: (key) => stored.get(key),
      set: (key, value) => {
        stored.set(key, value)
        rendered++
      },
    }
    const text = 'See [the blog](/blog) by {{site.name}}.\n\n![Art](/images/og-default.svg)\n'
    // Each call is another load of the content, with the cache it left.
    const renderAgain = async (document: string, line = 5, { tokens = { 'site.name': 'Bluebonnet Digital' }, images = manifest } = {}) =>
      (await markdownRenderer(tokens, images, problems, cache)).render(source(document, line))

    const first = await renderAgain(text)
    expect(first).toEqual(await markdown.render(source(text)))
    expect(rendered).toBe(1)
    // The same text further down its file: nothing is rendered again, the lines follow the text.
    const again = await renderAgain(text, 20)
    expect(rendered).toBe(1)
    expect(again.html).toBe(first.html)
    expect(again.links).toEqual([
      { url: '/blog', image: false, where: { line: 20 } },
      { url: '/images/og-default.svg', image: true, where: { line: 22 } },
    ])
    // A changed token value or text is rendered anew.
    expect((await renderAgain(text, 5, { tokens: { 'site.name': 'Another Name' } })).html).toContain('Another Name')
    await renderAgain(`${text}\nMore.\n`)
    expect(rendered).toBe(3)
    // So is the same text once the images are different (their URLs carry their content hash).
    await renderAgain(text, 5, { images: await loadImageManifest('site/content/__no_images__') })
    expect(rendered).toBe(4)
  })
})

type Parsed = ReturnType<typeof parseDocument>['children'][number]
type Shape = string | { name: string; attributes: Record<string, string>; children: Shape[] }

/** HTML as a browser reads it: elements with their attributes, and text; the line breaks between blocks do not show. */
function documentOf(html: string): Shape[] {
  const shape = (nodes: Parsed[]): Shape[] =>
    nodes.flatMap((node): Shape[] => {
      if ('attribs' in node) return [{ name: node.name, attributes: node.attribs, children: shape(node.children as Parsed[]) }]
      if (node.type === 'text') return node.data.trim() === '' && node.data.includes('\n') ? [] : [node.data]
      return []
    })
  return shape(parseDocument(html).children)
}
