import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkContent } from '../../builder/checkContent'
import { todayInDallas } from '../../site/content'
import { fixtureContentDir } from '../fixtures/fixture'

// Each mistake an editor makes, on a copy of the fixture content, checked by checkContent: what
// `npm run build` stops on and `npm run dev` shows (editor-parity.test.ts runs both on one mistake).
let work = ''
afterEach(() => fs.rm(work, { recursive: true, force: true }))

async function contentCopy(): Promise<string> {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'editor-messages-'))
  await fs.cp(fixtureContentDir, path.join(work, 'content'), { recursive: true })
  return path.join(work, 'content')
}

/** Changes a file of the copy; returns the line (from 1) of the first match of `find` afterwards. */
async function edit(contentDir: string, file: string, change: (text: string) => string, find?: RegExp): Promise<number> {
  const text = change(await fs.readFile(path.join(contentDir, file), 'utf8'))
  await fs.writeFile(path.join(contentDir, file), text)
  const index = find ? text.search(find) : -1
  return index < 0 ? 0 : text.slice(0, index).split('\n').length
}

const check = (contentDir: string, env: NodeJS.ProcessEnv = {}) => checkContent(contentDir, { markdownCacheDir: path.join(work, 'markdown-cache'), env })

/** The problems of a check that must stop: one entry per problem, each with any lines shown under it. */
async function problemsOf(contentDir: string, env?: NodeJS.ProcessEnv): Promise<string[]> {
  const result = await check(contentDir, env)
  expect(result.stop, 'the check should stop').toBeDefined()
  const [header, ...rest] = result.stop!.split('\n')
  expect(header).toMatch(/^Content has \d+ problems?:$/)
  // A problem starts with its file; the lines under it (a code frame) start with spaces.
  return rest.join('\n').split(/\n(?=\S)/)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

describe('front matter that is not valid YAML', () => {
  it('shows the line with a caret, and says to put a value with a colon in quotes', async () => {
    const contentDir = await contentCopy()
    const title = 'Automation: Five Workflows That Save Hours'
    const line = await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^title: .*$/m, `title: ${title}`), /^title:/m)
    const problems = await problemsOf(contentDir)
    expect(problems).toHaveLength(1)
    const [first, ...frame] = problems[0]!.split('\n')
    // At the colon inside the value.
    const column = `title: ${title}`.indexOf(':', 6) + 1
    expect(first).toMatch(
      new RegExp(
        `content/blog/automation-workflows\\.md:${line}:${column}: title: a colon inside a value: put the whole value in quotes, as in title: ${escapeRegExp(JSON.stringify(title))}$`,
      ),
    )
    // The line itself, marked, with the caret under the second colon.
    const marked = frame.findIndex((text) => text.startsWith('  > '))
    expect(frame[marked]).toBe(`  > ${line} | title: ${title}`)
    expect(frame[marked + 1]!.indexOf('^') - frame[marked]!.indexOf('title:')).toBe(column - 1)
    expect(frame[marked]![frame[marked + 1]!.indexOf('^')]).toBe(':')
  })

  it('says to quote a value that starts with [ and goes on, at its line', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^title: (.*)$/m, 'title: [Guide] $1'), /^title:/m)
    const [problem] = await problemsOf(contentDir)
    expect(problem).toMatch(new RegExp(`automation-workflows\\.md:${line}: title: .*put the whole value in quotes.*, as in title: "\\[Guide\\] `))
  })

  it('names a field written twice', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^(date: .*)$/m, '$1\ndate: 2025-01-01'), /^date: 2025-01-01/m)
    const [problem] = await problemsOf(contentDir)
    expect(problem!.split('\n')[0]).toMatch(new RegExp(`automation-workflows\\.md:${line}: the field date is written twice: keep one of them$`))
  })

  it('gives an email template the same words and frame', async () => {
    const contentDir = await contentCopy()
    const line = await edit(
      contentDir,
      'emails/contact-acknowledgement.md',
      (text) => text.replace(/^subject: .*$/m, 'subject: Thanks: we got your message'),
      /^subject:/m,
    )
    const [problem] = await problemsOf(contentDir)
    expect(problem).toMatch(
      new RegExp(
        `^content/emails/contact-acknowledgement\\.md:${line}:\\d+: subject: a colon inside a value: put the whole value in quotes, as in subject: "Thanks: we got your message"\\n.*\\n  > ${line} \\| subject: Thanks: we got`,
      ),
    )
  })
})

describe('a link or image one letter off', () => {
  it('names the nearest address or image that exists', async () => {
    const contentDir = await contentCopy()
    const link = await edit(
      contentDir,
      'blog/digital-marketing-roi.md',
      (text) => `${text}\n\nRead [the workflows](/blog/automation-workflow#lead-follow-up).\n\n![Chart](/images/blog/automation-workflow.svg)\n`,
      /\[the workflows\]/,
    )
    const image = await edit(
      contentDir,
      'services/app-design.md',
      (text) => text.replace(/^( +image:) .*$/m, '$1 /images/home/heros.svg'),
      /\/images\/home\/heros/,
    )
    const problems = await problemsOf(contentDir)
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `blog/digital-marketing-roi\\.md:${link}: a link points to /blog/automation-workflow#lead-follow-up, which does not exist: did you mean /blog/automation-workflows#lead-follow-up\\?$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `blog/digital-marketing-roi\\.md:${link + 2}: an image points to /images/blog/automation-workflow\\.svg, which does not exist: did you mean /images/blog/automation-workflows\\.svg\\?$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `services/app-design\\.md:${image}: features\\[0\\]\\.image points to /images/home/heros\\.svg, which does not exist: did you mean /images/home/hero\\.svg\\?$`,
        ),
      ),
    ])
  })

  it('suggests nothing when nothing is close', async () => {
    const contentDir = await contentCopy()
    await edit(contentDir, 'blog/digital-marketing-roi.md', (text) => `${text}\n\nSee [our guide](/blog/no-such-article).\n`)
    expect(await problemsOf(contentDir)).toEqual([expect.stringMatching(/a link points to \/blog\/no-such-article, which does not exist$/)])
  })

  it('names the nearest article for a `next` one letter off', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^next: .*$/m, 'next: digital-marketing-roy'), /^next:/m)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `automation-workflows\\.md:${line}: next must name an article in content/blog \\(got "digital-marketing-roy"\\): did you mean digital-marketing-roi\\?$`,
        ),
      ),
    ])
  })
})

describe('a JSON file that is not valid JSON', () => {
  it('gives site.json one problem at its line and column, although the email check reads the file too', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'site.json', (text) => text.replace(/("tagline": "[^"]*"),/, '$1'), /"tagline"/)
    const lineText = (await fs.readFile(path.join(contentDir, 'site.json'), 'utf8')).split('\n')[line - 1]!
    const problems = await problemsOf(contentDir)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.split('\n')[0]).toMatch(
      new RegExp(
        `content/site\\.json:${line}:${lineText.length + 1}: is not valid JSON: a comma is missing after this value \\(or a \\} after the last field\\): put a comma here$`,
      ),
    )
    // Whichever check finishes first, the same text (dev re-checks on every save).
    expect((await check(contentDir)).stop).toBe((await check(contentDir)).stop)
  })

  it.each([
    {
      mistake: 'a comma after the last item',
      change: (text: string) => text.replace(/\}\s*\]\s*$/, '},\n]\n'),
      words: /a comma after the last field or item: remove that comma$/,
    },
    {
      mistake: 'a text in single quotes',
      change: (text: string) => text.replace(/"date": "([^"]+)"/, "'date': '$1'"),
      words: /a field name without double quotes: put it in double quotes/,
    },
    { mistake: 'a value without quotes', change: (text: string) => text.replace(/"name": "([^"]+)"/, '"name": $1'), words: /text goes in double quotes/ },
  ])('puts $mistake in plain words, at its line', async ({ change, words }) => {
    const contentDir = await contentCopy()
    await edit(contentDir, 'closed-days.json', change)
    const problems = await problemsOf(contentDir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/content\/closed-days\.json:\d+:\d+: is not valid JSON: /)
    expect(problems[0]!.split('\n')[0]).toMatch(words)
    expect(problems[0]).toMatch(/\n {2}> \d+ \| /)
  })
})

describe('an email placeholder', () => {
  it('names the line and the malformed placeholder, and how to write it', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'emails/contact-acknowledgement.md', (text) => text.replace('Hi {{name}},', 'Hi {{name},'), /Hi \{\{name\},/)
    expect(await problemsOf(contentDir)).toEqual([
      `content/emails/contact-acknowledgement.md:${line}: malformed placeholder {{name} in body: write {{name}}, two braces on each side`,
    ])
  })

  it('names the nearest allowed placeholder for an unknown one', async () => {
    const contentDir = await contentCopy()
    const line = await edit(contentDir, 'emails/contact-acknowledgement.md', (text) => text.replace('{{business}}', '{{busines}}'), /\{\{busines\}\}/)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/emails/contact-acknowledgement\\.md:${line}: unknown placeholder \\{\\{busines\\}\\} in body: did you mean business\\? \\(allowed: `,
        ),
      ),
    ])
  })
})

describe('old addresses (redirectFrom)', () => {
  // Copied under a name before and after the original's, so which file comes first does not decide the words.
  it.each(['a-copy', 'smart-support-copy'])('names both case studies when a copy (%s) keeps the old address', async (copy) => {
    const contentDir = await contentCopy()
    await edit(contentDir, 'case-studies/smart-support.md', (text) => text)
    const original = await fs.readFile(path.join(contentDir, 'case-studies/smart-support.md'), 'utf8')
    await fs.writeFile(path.join(contentDir, `case-studies/${copy}.md`), original.replace(/^id: .*$/m, `id: ${copy}`))
    const problems = await problemsOf(contentDir)
    expect(problems).toHaveLength(1)
    const [first, second] = [`${copy}.md`, 'smart-support.md'].sort()
    expect(problems[0]).toMatch(
      new RegExp(
        `case-studies/${escapeRegExp(second!)}:\\d+: two case studies claim the old address /case-study/smart-support-ai \\(redirectFrom\\): \\S*content/case-studies/${escapeRegExp(first!)} and \\S*content/case-studies/${escapeRegExp(second!)}; keep it in one$`,
      ),
    )
  })

  it('lets a renamed service keep its old address, as case studies do', async () => {
    const contentDir = await contentCopy()
    await fs.rename(path.join(contentDir, 'services/automation-creation.md'), path.join(contentDir, 'services/automations.md'))
    await edit(contentDir, 'services/automations.md', (text) => text.replace(/^id: .*$/m, 'id: automations\nredirectFrom:\n  - automation-creation'))
    // An article still links to the old address: it resolves, through the redirect.
    await edit(contentDir, 'blog/digital-marketing-roi.md', (text) => `${text}\n\nSee [automation](/service/automation-creation).\n`)
    const result = await check(contentDir)
    expect(result.stop).toBeUndefined()
    expect(result.content!.redirects).toContainEqual({ from: '/service/automation-creation', to: '/service/automations' })
  })

  it('refuses a service old address that is another service’s page, with the case studies’ words', async () => {
    const contentDir = await contentCopy()
    const line = await edit(
      contentDir,
      'services/automation-creation.md',
      (text) => text.replace(/^id: .*$/m, '$&\nredirectFrom:\n  - app-design'),
      /- app-design/,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `services/automation-creation\\.md:${line}: redirectFrom: /service/app-design is the page of \\S*content/services/app-design\\.md, which exists: remove it from redirectFrom here$`,
        ),
      ),
    ])
  })
})

describe('an article dated after today', () => {
  const nextYear = () => `${Number(todayInDallas().slice(0, 4)) + 1}-03-01`

  it('is held back from the blog, and a link to it says why', async () => {
    const contentDir = await contentCopy()
    const date = nextYear()
    await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^date: .*$/m, `date: ${date}`))
    const held = await check(contentDir)
    expect(held.content!.posts.map((post) => post.slug)).not.toContain('automation-workflows')
    expect(held.content!.heldBack).toEqual([{ file: expect.stringMatching(/content\/blog\/automation-workflows\.md$/), slug: 'automation-workflows', date }])

    const link = await edit(
      contentDir,
      'blog/digital-marketing-roi.md',
      (text) => `${text}\n\nRead [the workflows](/blog/automation-workflows).\n`,
      /\[the workflows\]/,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `digital-marketing-roi\\.md:${link}: a link points to /blog/automation-workflows, which does not exist: that article is held back until its date \\(${date}\\)$`,
        ),
      ),
    ])
  })

  it('is published on its date', async () => {
    const contentDir = await contentCopy()
    await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^date: .*$/m, `date: ${todayInDallas()}`))
    const result = await check(contentDir)
    expect(result.content!.posts[0]!.slug).toBe('automation-workflows')
    expect(result.content!.heldBack).toEqual([])
  })

  it.each([{ STRICT_CONTENT: '1' }, { CI: 'true' }])('stops a strict build (%o) at the date', async (env) => {
    const contentDir = await contentCopy()
    const date = nextYear()
    const line = await edit(contentDir, 'blog/automation-workflows.md', (text) => text.replace(/^date: .*$/m, `date: ${date}`), /^date:/m)
    expect(await problemsOf(contentDir, env)).toEqual([
      expect.stringMatching(new RegExp(`automation-workflows\\.md:${line}: date ${date} is after today \\(${todayInDallas()}\\): a strict build`)),
    ])
  })
})
