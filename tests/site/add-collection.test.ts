import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fixtureContentDir } from '../fixtures/fixture'
import { readRoute, visibleText } from './dist'

// A developer adds a new kind of page, events, as the README says ("Add a kind of
// page"), in a copy of the project, and an editor writes two events and links one from an article: the
// build refuses the collection until its page is written, then checks the events, writes their pages and
// lists them on the sitemap page and in sitemap.xml, with no other change.
const projectDir = path.resolve(import.meta.dirname, '../..')

/** Inserts `text` before (or after) the one place `anchor` occurs in `file` of the copy. */
async function insert(root: string, file: string, anchor: string, text: string, where: 'before' | 'after' = 'before') {
  const source = await fs.readFile(path.join(root, file), 'utf8')
  const at = source.indexOf(anchor)
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0) throw new Error(`${file}: "${anchor}" is no longer there once; follow the README's guide here`)
  const index = where === 'before' ? at : at + anchor.length
  await fs.writeFile(path.join(root, file), source.slice(0, index) + text + source.slice(index))
}

async function write(root: string, file: string, text: string) {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await fs.writeFile(path.join(root, file), text)
}

let work: string
let dist: string
let linkingArticle: string
/** What the build said before the page was written. */
let withoutPage: string | undefined

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'add-collection-'))
  const project = path.join(work, 'project')
  for (const entry of ['builder', 'site', 'renderer', 'contract', 'public', 'vite.config.ts', 'package.json', 'tsconfig.json']) {
    await fs.cp(path.join(projectDir, entry), path.join(project, entry), { recursive: true })
  }
  await fs.symlink(path.join(projectDir, 'node_modules'), path.join(project, 'node_modules'))

  // 1. The address, in the contract.
  await insert(
    project,
    'contract/wire/urls.ts',
    "  /** '/privacy-policy'",
    `  /** '/event/spring-open-house' */\n  event: (id: string) => \`/event/\${id}\`,\n`,
  )
  // 2. The schema of its front matter.
  await insert(
    project,
    'site/content/schemas.ts',
    'export type Testimonial =',
    `export const eventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'date', 'image', 'imageAlt'],
  properties: { title: text, date: isoDate, image: imagePath, imageAlt: text },
} as const
export type EventData = FromSchema<typeof eventSchema>
`,
  )
  // 3. Its entry in the table of collections.
  await insert(
    project,
    'site/content/collections.ts',
    'export type BlogPost =',
    'export type Event = schemas.EventData & { slug: string; html: string; file: string; links: Link[] }\n',
  )
  await insert(
    project,
    'site/content/collections.ts',
    '  posts: collection<',
    `  events: collection<schemas.EventData, Event>({
    folder: 'events',
    schema: schemas.eventSchema,
    id: { fileName: 'spring-open-house.md' },
    entry: async ({ file, name, data, body, bodyLine }, markdown) => ({ ...data, slug: name, file, ...(await markdown.render({ file, text: body, line: bodyLine })) }),
    idOf: (event) => event.slug,
    address: urls.event,
    order: (a, b) => a.date.localeCompare(b.date),
    images: ['/image'],
    sitemap: { group: 'events', lastmod: (event) => event.date },
  }),
`,
  )
  // 4. The key of its sitemap group's heading (its words are in ui.json, below).
  await insert(project, 'site/content/ui.ts', "'blogArticles'", ", 'events'", 'after')
  // The build refuses the collection until its page is there, and says which page to add.
  const content = path.join(work, 'content')
  await fs.cp(fixtureContentDir, content, { recursive: true })
  dist = path.join(work, 'dist')
  const build = () =>
    execFileSync(process.execPath, [path.join(project, 'node_modules/vike/bin.js'), 'build'], {
      cwd: project,
      env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, VIKE_OUT_DIR: '.cache/vike-out' },
      stdio: 'pipe',
    })
  try {
    build()
  } catch (error) {
    withoutPage = String((error as { stderr?: Buffer }).stderr)
  }

  // 6 to 9. The page.
  await write(
    project,
    'site/pages/event/@slug/+onBeforePrerenderStart.ts',
    "import { prerenderCollection } from '../../prerender'\n\nexport const onBeforePrerenderStart = prerenderCollection('events')\n",
  )
  await write(
    project,
    'site/pages/event/@slug/+data.ts',
    `import { render } from 'vike/abort'
import { siteContent } from '../../../content/siteContent'
import { pageData } from '../../pageData'

export const data = pageData(async (pageContext) => {
  const event = siteContent(pageContext.globalContext).events.find((candidate) => candidate.slug === pageContext.routeParams.slug)
  if (!event) throw render(404)
  return { title: event.title, html: event.html }
})

export type Data = Awaited<ReturnType<typeof data>>
`,
  )
  await write(
    project,
    'site/pages/event/@slug/+head.ts',
    `import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ title }) => ({ title, description: title }))
`,
  )
  await write(
    project,
    'site/pages/event/@slug/+Page.tsx',
    `import { Prose } from '../../../components/Prose'
import type { Data } from './+data'

export default function Page({ data }: { data: Data }) {
  return (
    <article>
      <h1>{data.title}</h1>
      <Prose html={data.html} />
    </article>
  )
}
`,
  )

  // The editor's side: the heading in ui.json (5), two events, and a link to one from an article.
  const ui = JSON.parse(await fs.readFile(path.join(content, 'ui.json'), 'utf8'))
  ui.sitemap.events = 'Events'
  await fs.writeFile(path.join(content, 'ui.json'), JSON.stringify(ui, null, 2))
  const image = (await fs.readdir(path.join(content, 'images/blog')))[0]!
  await write(
    content,
    'events/spring-open-house.md',
    `---\ntitle: Spring Open House\ndate: 2026-04-02\nimage: /images/blog/${image}\nimageAlt: Our office\n---\n\nCome and see us.\n`,
  )
  await write(
    content,
    'events/summer-workshop.md',
    `---\ntitle: Summer Workshop\ndate: 2026-07-09\nimage: /images/blog/${image}\nimageAlt: A workshop\n---\n\nBring a laptop.\n`,
  )
  linkingArticle = (await fs.readdir(path.join(content, 'blog')))[0]!
  await fs.appendFile(path.join(content, 'blog', linkingArticle), '\nSee us at the [Spring Open House](/event/spring-open-house).\n')

  // Throws, with the build's problems, if the build refuses the new kind of page.
  build()
}, 300_000)
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true })
})

it('refuses the collection while it has no page, naming the page to add', () => {
  expect(withoutPage).toContain(
    "site/content/collections.ts: events has no page: add site/pages/event/@slug/+Page.tsx, +data.ts, +head.ts and +onBeforePrerenderStart.ts (export const onBeforePrerenderStart = prerenderCollection('events'))",
  )
})

it('builds a page per event, lists them on the sitemap page and in sitemap.xml, and checks links to them', async () => {
  expect(visibleText(readRoute('/event/spring-open-house', dist))).toContain('Come and see us.')
  expect(visibleText(readRoute('/event/summer-workshop', dist))).toContain('Summer Workshop')
  // Its head, from its +head.ts: the title, and the page's own address as the canonical one.
  const event = readRoute('/event/spring-open-house', dist)
  expect(event).toMatch(/<title>Spring Open House \| [^<]+<\/title>/)
  expect(event).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/event\/spring-open-house" \/>/)
  const sitemapPage = readRoute('/sitemap', dist)
  expect(sitemapPage).toContain('Events')
  expect(sitemapPage).toContain('href="/event/spring-open-house"')
  expect(sitemapPage).toContain('href="/event/summer-workshop"')
  expect(readRoute(`/blog/${path.basename(linkingArticle, '.md')}`, dist)).toContain('href="/event/spring-open-house"')
  const sitemapXml = await fs.readFile(path.join(dist, 'sitemap.xml'), 'utf8')
  expect(sitemapXml).toContain('/event/spring-open-house</loc><lastmod>2026-04-02</lastmod>')
  expect(sitemapXml).toContain('/event/summer-workshop</loc><lastmod>2026-07-09</lastmod>')
})
