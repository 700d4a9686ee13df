import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs/promises'
import { buildCommand } from '../../scripts/buildCommand'
import { freePort } from '../../scripts/net'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../../scripts/page-weight/browserWeight'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fixtureContentDir, fixtureFrontMatter } from '../fixtures/fixture'

// `npm run dev` as an editor uses it (`vike dev`), on a copy of the fixture content that the tests edit.
let work = ''
let server: ChildProcess | undefined
let origin = ''
/** What the dev server printed, shown when a check fails. */
let output = ''
const article = () => path.join(work, 'content/blog/automation-workflows.md')

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'dev-server-'))
  await fs.cp(fixtureContentDir, path.join(work, 'content'), { recursive: true })
  // As from a terminal: not in test mode.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')))
  server = spawn(process.execPath, ['node_modules/vike/bin.js', 'dev', '--port', String(await freePort())], {
    env: { ...env, CONTENT_DIR: path.join(work, 'content') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  origin = await serverUrl(server)
}, 60_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill()
    await once(server, 'exit')
  }
  await fs.rm(work, { recursive: true, force: true })
})

it('serves a page, its image and its social card', async () => {
  const page = await open('/blog/automation-workflows')
  expect(page.status).toBe(200)
  const image = /<img [^>]*src="(\/assets\/img\/automation-workflows-[0-9a-f]{8}\.svg)"/i.exec(page.text)?.[1]
  const card = /<meta property="og:image" content="https?:\/\/[^/"]+(\/assets\/img\/automation-workflows-[0-9a-f]{8}-800\.webp)"/.exec(page.text)?.[1]
  for (const [url, type] of [
    [image, 'image/svg+xml'],
    [card, 'image/webp'],
  ]) {
    expect(url, page.text).toBeDefined()
    const response = await fetch(origin + url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(type)
  }
}, 30_000)

it('shows a content mistake on the page, naming the file, and shows the page again once it is fixed', async () => {
  const source = await fs.readFile(article(), 'utf8')
  await fs.writeFile(article(), source.replace(/^(date: .*)$/m, '$1\nreadTime: ten'))
  // A request that races the save may still meet the old content.
  const broken = await openUntil('/blog/automation-workflows', (page) => page.text.includes('The content has a problem'))
  expect(broken.status).toBe(500)
  expect(broken.text).toMatch(/content\/blog\/automation-workflows\.md:\d+: readTime must be a whole number \(got "ten"\)/)
  // Vite's client, which reloads the page once the content is fixed.
  expect(broken.text).toContain('<script type="module" src="/@vite/client"></script>')

  await fs.writeFile(article(), source)
  const title = String(fixtureFrontMatter('blog', 'automation-workflows').title)
  const fixed = await openUntil('/blog/automation-workflows', (page) => page.text.includes(title))
  expect(fixed.status, `the dev server printed:\n${output}`).toBe(200)
}, 60_000)

// The JSON files are checked before the Markdown that uses their values, so a broken one is shown alone.
it.each([
  {
    mistakes: 'a YAML code frame and an email placeholder',
    edits: {
      'blog/automation-workflows.md': (text: string) => text.replace(/^title: (.*)$/m, 'title: Automation: $1'),
      'emails/contact-acknowledgement.md': (text: string) => text.replace('Hi {{name}},', 'Hi {{name},'),
    },
    shows: (text: string) => text.includes('a colon inside a value') && text.includes('{{name}'),
  },
  {
    mistakes: 'a JSON line and column, which the email check reads too',
    edits: { 'site.json': (text: string) => text.replace(/("tagline": "[^"]*"),/, '$1') },
    shows: (text: string) => /site\.json:\d+:\d+:/.test(text),
  },
])(
  'shows the very lines the build stops on: $mistakes',
  async ({ edits, shows }) => {
    const files = Object.keys(edits).map((file) => path.join(work, 'content', file))
    const sources = await Promise.all(files.map((file) => fs.readFile(file, 'utf8')))
    await Promise.all(Object.values(edits).map((change, index) => fs.writeFile(files[index]!, change(sources[index]!))))
    try {
      const broken = await openUntil('/blog/automation-workflows', (page) => shows(page.text))
      const shown = unescapeHtml(/<pre[^>]*>([\s\S]*?)<\/pre>/.exec(broken.text)?.[1] ?? '')
      // One problem per file changed, each at its line, each with the lines around it and a caret under the place.
      expect(shown.match(/^\S+\.(md|json):\d+/gm)).toHaveLength(files.length)
      expect(shown).toMatch(/\n {4,}\| +\^\n/)

      const build = spawnSync(buildCommand.command, buildCommand.args, {
        cwd: buildCommand.cwd,
        env: { ...process.env, CONTENT_DIR: path.join(work, 'content'), DIST_DIR: path.join(work, 'dist'), VIKE_OUT_DIR: '.cache/vike-out-dev-parity' },
        encoding: 'utf8',
      })
      expect(build.status).toBe(1)
      expect(stripVTControlCharacters(build.stderr)).toContain(shown)
    } finally {
      await Promise.all(files.map((file, index) => fs.writeFile(file, sources[index]!)))
    }
  },
  90_000,
)

const unescapeHtml = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

// A rename is two changes (the old file goes, the new one comes): the first check may pass and reload the
// open page, the second find a mistake while that page is still loading, before it listens. Held here:
// the page's Vite client loads only once the mistake is printed.
it('tells a page that was loading when the mistake was found, once it listens', async () => {
  const browser = await chromium.launch(chromiumLaunchOptions)
  const study = path.join(work, 'content/case-studies/growsmart.md')
  const source = await fs.readFile(study, 'utf8')
  try {
    const page = await browser.newPage()
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/@vite/client', async (route) => {
      await released
      await route.continue()
    })
    await page.goto(`${origin}/portfolio`, { waitUntil: 'domcontentloaded' })
    const printed = output.length
    // Renamed to a name that is not its id: a mistake.
    await fs.rm(study)
    await fs.writeFile(path.join(work, 'content/case-studies/GrowSmart.md'), source)
    await expect.poll(() => output.slice(printed), { timeout: 25_000 }).toMatch(/id must equal the file name "GrowSmart"/)
    release()
    await expect.poll(() => page.locator('vite-error-overlay').count(), { timeout: 15_000 }).toBe(1)
    expect(await page.locator('vite-error-overlay').evaluate((overlay) => overlay.shadowRoot?.textContent ?? '')).toContain(
      'id must equal the file name "GrowSmart"',
    )
  } finally {
    await browser.close()
    await fs.rm(path.join(work, 'content/case-studies/GrowSmart.md'), { force: true })
    await fs.writeFile(study, source)
  }
}, 90_000)

it('prints the notice the build prints for an article dated after today, and leaves it off the blog until then', async () => {
  const source = await fs.readFile(article(), 'utf8')
  const printed = output.length
  await fs.writeFile(article(), source.replace(/^date: .*$/m, 'date: 2099-03-01'))
  try {
    const blog = await openUntil('/blog', (page) => !page.text.includes('href="/blog/automation-workflows"'))
    expect(blog.status).toBe(200)
    expect(blog.text).not.toContain('href="/blog/automation-workflows"')
    const deadline = Date.now() + 10_000
    while (!output.slice(printed).includes('held back') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(output.slice(printed)).toMatch(/1 article held back until its date: \S*content\/blog\/automation-workflows\.md \(2099-03-01\)/)
  } finally {
    await fs.writeFile(article(), source)
    await openUntil('/blog', (page) => page.text.includes('href="/blog/automation-workflows"'))
  }
}, 60_000)

// Node 22 and later have a WebSocket client (CI runs Node 24); Node 20 only behind a flag.
it.skipIf(typeof WebSocket === 'undefined')(
  "tells an open page of the mistake (Vite's error overlay), then reloads it once fixed",
  async () => {
    const source = await fs.readFile(article(), 'utf8')
    const page = new WebSocket(origin.replace('http', 'ws'), 'vite-hmr')
    const messages: { type: string; err?: { message: string } }[] = []
    const received = (type: string, text?: RegExp) =>
      new Promise<void>((resolve) => {
        const look = () =>
          messages.some((message) => message.type === type && (!text || text.test(message.err?.message ?? ''))) ? resolve() : setTimeout(look, 50)
        look()
      })
    page.onmessage = (event) => messages.push(JSON.parse(String(event.data)))
    await received('connected')

    await fs.writeFile(article(), source.replace(/^(date: .*)$/m, '$1\nreadTime: 5.5'))
    // writeFile empties the file before it writes it: the server may first see it empty, and say so.
    const mistake = /content\/blog\/automation-workflows\.md:\d+: readTime must be a whole number \(got 5\.5\)/
    await received('error', mistake)
    // Every error the page was told is the editors' words, never a stack.
    for (const message of messages.filter((each) => each.type === 'error')) expect(message.err!.message).not.toMatch(/TypeError|\n\s+at /)
    await fs.writeFile(article(), source)
    await received('full-reload')
    page.close()
  },
  30_000,
)

async function open(pathname: string) {
  const response = await fetch(origin + pathname, { headers: { accept: 'text/html' } })
  return { status: response.status, text: await response.text() }
}

/** Opens `pathname` until `ready` says yes, or 25 s have passed (a loaded machine re-checks content slowly). */
async function openUntil(pathname: string, ready: (page: { status: number; text: string }) => boolean) {
  const deadline = Date.now() + 25_000
  for (;;) {
    // A kept-alive connection the server closes as fetch reuses it (after a test's pause) fails once with
    // ECONNRESET: asked again, as a browser would.
    const page = await open(pathname).catch((error: unknown) => {
      if (Date.now() > deadline) throw error
      return null
    })
    if (page && (ready(page) || Date.now() > deadline)) return page
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The address Vite prints once it listens ('Local:   http://127.0.0.1:41234/'). */
async function serverUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString()) // without colours
      const url = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(output)?.[1]
      if (url) resolve(url)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`vike dev exited with ${code}:\n${output}`)))
  })
}
