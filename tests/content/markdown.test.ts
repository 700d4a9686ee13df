import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { parseDocument } from 'htmlparser2'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContentDir } from '../fixtures/fixture.ts'
import { loadImageManifest, type ImageManifest } from '../../site/content/imageManifest.ts'
import { markdownRenderer, type MarkdownCache, type MarkdownRenderer, type RenderedText } from '../../site/content/markdown.ts'
import { ContentProblems } from '../../contract/content/problems.ts'

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
  it('renders what an editor writes: headings, emphasis, lists, quotes, code, tables, strikethrough, task lists, footnotes', async () => {
    const { html } = await markdown.render(
      source(
        [
          '## Plans and *prices*',
          '',
          'Some **strong** and `inline <code>` text, ~~old~~ new.',
          '',
          '| Plan | Price |',
          '| :--- | ---: |',
          '| Basic | $10 |',
          '',
          '- [x] done',
          '- [ ] to do',
          '',
          '1. first',
          '2. second',
          '',
          '> A quote',
          '',
          '```js',
          'const a = "<b>";',
          '```',
          '',
          'A claim.[^source]',
          '',
          '[^source]: Where it comes from.',
          '',
        ].join('\n'),
      ),
    )
    const page = documentOf(html)
    expect(page.find((node) => typeof node !== 'string' && node.name === 'h2')).toEqual({
      name: 'h2',
      attributes: {},
      children: ['Plans and ', { name: 'em', attributes: {}, children: ['prices'] }],
    })
    expect(html).toContain('<strong>strong</strong>')
    expect(html).toContain('<code>inline &lt;code&gt;</code>')
    expect(html).toContain('<s>old</s>')
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th style="text-align:left">Plan<\/th>\s*<th style="text-align:right">Price<\/th>/)
    expect(html).toMatch(/<td style="text-align:left">Basic<\/td>/)
    // Task lists: a box per item, ticked as written, that a visitor cannot change.
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map(([tag]) => tag)
    expect(boxes).toHaveLength(2)
    expect(boxes.map((tag) => /\schecked/.test(tag))).toEqual([true, false])
    expect(boxes.every((tag) => /\sdisabled/.test(tag))).toBe(true)
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<li>second<\/li>\s*<\/ol>/)
    expect(html).toMatch(/<blockquote>\s*<p>A quote<\/p>\s*<\/blockquote>/)
    expect(html).toContain('<pre><code class="language-js">const a = &quot;&lt;b&gt;&quot;;\n</code></pre>')
    // A footnote: a numbered reference that links to its note at the end, and back.
    const reference = /<sup[^>]*><a href="#(fn[^"]+)" id="(fnref[^"]+)">\[1\]<\/a><\/sup>/.exec(html)
    expect(reference, html).not.toBeNull()
    expect(html).toMatch(new RegExp(`<li id="${reference![1]}"[^>]*>\\s*<p>Where it comes from\\.[^]*href="#${reference![2]}"`))
  })

  it('drops raw HTML, makes no link of a script address, and links only addresses written with their scheme', async () => {
    const { html } = await markdown.render(
      source(
        '<div>raw</div>\n\nText with <script>x()</script> html, [run](javascript:alert(1)).\n\nSee https://example.com/a?b=1 on Node.js, mail hello@example.com, not `you@example.com` or www.example.com.\n',
      ),
    )
    expect(html).not.toMatch(/<div|<script/)
    expect(html).toContain('[run](javascript:alert(1))')
    expect(html).toContain(
      '<a href="https://example.com/a?b=1">https://example.com/a?b=1</a> on Node.js, mail <a href="mailto:hello@example.com">hello@example.com</a>, not <code>you@example.com</code> or www.example.com.',
    )
  })

  it('keeps every site link and image with its line, past code spans, tables and footnotes, and encodes addresses as it writes them', async () => {
    const text = [
      'Escaped \\*stars\\*, `a code span',
      'over two lines` and then [a page](/services) on the second',
      '',
      '| Cell |',
      '| --- |',
      '| [in a table](/blog) |',
      '',
      'A note.[^n] ![outside](https://example.com/x.png) [unicode](/café)',
      '',
      '[^n]: See [the contact page](/contact).',
      '',
    ].join('\n')
    const { html, links } = await markdown.render(source(text, 10))
    expect(links).toEqual([
      { url: '/services', image: false, where: { line: 11 } },
      { url: '/blog', image: false, where: { line: 15 } },
      { url: '/café', image: false, where: { line: 17 } },
      { url: '/contact', image: false, where: { line: 19 } },
    ])
    expect(html).toContain('<a href="/caf%C3%A9">unicode</a>')
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

  it('places a link by reference at its definition, where the address is fixed, once however often it is used', async () => {
    const { html, links } = await markdown.render(
      source('Read [the blog][b], then [the blog][b] again, or [Services].\n\n[b]: /blog\n[services]: </services> "Our services"\n[unused]: /nowhere\n'),
    )
    expect(html).toContain('<a href="/blog">the blog</a>')
    expect(html).toContain('<a href="/services" title="Our services">Services</a>')
    expect(links).toEqual([
      { url: '/blog', image: false, where: { line: 7 } },
      { url: '/services', image: false, where: { line: 8 } },
      { url: '/nowhere', image: false, where: { line: 9 } },
    ])
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
