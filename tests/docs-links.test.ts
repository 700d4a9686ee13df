import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// The README and docs/ send readers to each other and to the code: every relative link must lead to a
// file that exists, and a link to a heading (`operators.md#docker`) to a heading or anchor that file has.
const root = path.resolve(import.meta.dirname, '..')
const documents = [
  'README.md',
  'forms-service/README.md',
  'tests/fixtures/README.md',
  ...fs.readdirSync(path.join(root, 'docs')).map((name) => `docs/${name}`),
].filter((file) => file.endsWith('.md'))

/** The text outside code blocks and code spans, where a Markdown link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/``[\s\S]*?``|`[^`]*`/g, '')

/** GitHub's id of a heading: lower case, punctuation dropped, spaces as hyphens; a repeated one gets -1, -2… */
function anchors(markdown: string): Set<string> {
  const ids = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    ids.add(count === 0 ? base : `${base}-${count}`)
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) ids.add(id!)
  return ids
}

const links = documents.flatMap((file) =>
  [...prose(fs.readFileSync(path.join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    // Addresses (https:, mailto:) and the site's own paths (/images/…) are not files of the repository.
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('/'))
    .map((target) => ({ file, target })),
)

it('finds the links between the guides', () => {
  // Guards the extraction itself: the README links every guide of docs/.
  const fromReadme = new Set(links.filter((link) => link.file === 'README.md').map((link) => link.target.split('#')[0]))
  for (const guide of ['editors', 'operators', 'architecture', 'decisions', 'performance']) expect(fromReadme).toContain(`docs/${guide}.md`)
})

it.each(links.map((link) => [`${link.file} → ${link.target}`, link] as const))('%s resolves', (_, { file, target }) => {
  const [filePart, anchor] = target.split('#') as [string, string | undefined]
  const resolved = filePart === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURI(filePart))
  expect(fs.existsSync(resolved), `${file} links to ${target}, which does not exist`).toBe(true)
  if (anchor && resolved.endsWith('.md')) {
    expect([...anchors(fs.readFileSync(resolved, 'utf8'))], `${file} links to ${target}: no such heading`).toContain(anchor)
  }
})

// A path the guides name in code (`site/content/collections.ts`) is a file or folder of the repository, so
// that moving code moves its description too. The walkthroughs' examples are files a reader creates.
const examples = new Set([
  'content/blog/my-article.md',
  'content/blog/my-new-article.md',
  'content/emails/contact-followup.md',
  'site/pages/event/@slug/+onBeforePrerenderStart.ts',
  'site/pages/event/@slug/+data.ts',
  'site/pages/event/@slug/+head.ts',
  'site/pages/event/@slug/+Page.tsx',
  'site/admin/reports/ReportsScreen.tsx',
  // Written by `npm run build:service`.
  'forms-service/build',
])
const folders = ['.ci', 'builder', 'content', 'contract', 'docs', 'forms-service', 'public', 'renderer', 'scripts', 'site', 'tests']
const namedPaths = documents
  .filter((file) => file === 'README.md' || file.startsWith('docs/'))
  .flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/`([^`\s]+)`/g)]
      // `content/blog/<slug>.md` and `tests/service/booking*.test.ts` are patterns; `scripts/x.ts:12` has a line.
      .map(([, text]) => text!.replace(/\/$/, '').replace(/:\d+$/, ''))
      .filter((text) => folders.includes(text.split('/')[0]!) && text.includes('/') && !/[<*…]/.test(text) && !examples.has(text))
      .map((named) => ({ file, named })),
  )

it('finds the paths the guides name', () => {
  expect(namedPaths.map(({ named }) => named)).toContain('site/content/collections.ts')
})

it.each(namedPaths.map((entry) => [`${entry.file}: ${entry.named}`, entry] as const))('%s exists', (_, { file, named }) => {
  expect(fs.existsSync(path.join(root, named)), `${file} names ${named}, which is not in the repository`).toBe(true)
})
