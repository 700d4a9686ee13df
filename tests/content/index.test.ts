import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixtureContentDir } from '../fixtures/fixture'
import { loadContent } from '../../site/content'
import { ContentError } from '../../contract/content/problems.ts'

// Each test edits a fresh copy of the tests' content (tests/fixtures/content), so a broken case is one
// small change. The real content/ is checked by tests/content.test.ts.
let dir: string
async function contentCopy(): Promise<string> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-'))
  await fs.cp(fixtureContentDir, path.join(dir, 'content'), { recursive: true })
  return path.join(dir, 'content')
}
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

async function problemsOf(contentDir: string): Promise<string[]> {
  const error = await loadContent(contentDir).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ContentError)
  return (error as ContentError).problems
}

/** Changes a file of the copy and returns the line (1-based) of the first match of `find` in the result. */
async function edit(file: string, change: (text: string) => string, find?: RegExp): Promise<number> {
  const text = change(await fs.readFile(file, 'utf8'))
  await fs.writeFile(file, text)
  const index = find ? text.search(find) : -1
  return index < 0 ? 0 : text.slice(0, index).split('\n').length
}

describe('loadContent', () => {
  // The files of tests/fixtures/content, and the order their `order` and `date` fields give.
  it('loads every content type', async () => {
    const content = await loadContent(fixtureContentDir)
    expect(content.services.map((service) => service.id)).toEqual(['website-design', 'app-design', 'automation-creation', 'ai-agents'])
    expect(content.caseStudies.map((study) => study.id)).toEqual(['smart-support', 'growsmart', 'shopeasy', 'taskmate', 'retailflow'])
    expect(content.posts.map((post) => post.slug)).toEqual(['website-design-trends', 'automation-workflows', 'digital-marketing-roi', 'free-business-analysis'])
    expect(content.testimonials).toHaveLength(4)
    expect(content.legal.map((page) => page.slug).sort()).toEqual(['privacy-policy', 'terms-of-service'])
    expect(content.redirects).toEqual([
      { from: '/case-study/smart-support-ai', to: '/case-study/smart-support' },
      { from: '/case-study/ecommerce-redesign', to: '/case-study/shopeasy' },
    ])
  })

  it('fills the analysis figures into Markdown from analysis.json', async () => {
    const content = await loadContent(fixtureContentDir)
    const article = content.posts.find((post) => post.slug === 'free-business-analysis')!
    const html = await article.html
    expect(html).toContain(content.analysis.meetingLength)
    expect(html).not.toMatch(/\{\{/)
  })

  it('names the file, the line, the field and the value of a wrong type', async () => {
    const contentDir = await contentCopy()
    const line = await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => text.replace(/^(date: .*)$/m, '$1\nreadTime: 5.5'), /^readTime/m)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`content/blog/automation-workflows\\.md:${line}: readTime must be a whole number \\(got 5\\.5\\)$`)),
    ])
  })

  it('lists the allowed fields for an unknown one', async () => {
    const contentDir = await contentCopy()
    const line = await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => text.replace(/^date:/m, 'auther: Jane\ndate:'), /^auther/m)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `content/blog/automation-workflows\\.md:${line}: unknown field "auther" \\(allowed: title, description, date, readTime, image, imageAlt, next\\)$`,
        ),
      ),
    ])
  })

  it('reports every problem in the content files at once, one line each', async () => {
    const contentDir = await contentCopy()
    const timeline = await edit(
      path.join(contentDir, 'case-studies/shopeasy.md'),
      (text) => text.replace(/^timeline: .*$/m, 'timeline: 3 weeks').replace(/^client: .*\n/m, ''),
      /^timeline/m,
    )
    const date = await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => text.replace(/^date: .*$/m, 'date: 2025-13-45'), /^date/m)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`content/blog/automation-workflows\\.md:${date}: date must be a valid date \\(YYYY-MM-DD\\) \\(got "2025-13-45"\\)$`)),
      expect.stringMatching(/content\/case-studies\/shopeasy\.md: client is required$/),
      expect.stringMatching(new RegExp(`content/case-studies/shopeasy\\.md:${timeline}: timeline must match pattern`)),
    ])
  })

  it('checks the JSON files before the Markdown that uses their values', async () => {
    const contentDir = await contentCopy()
    const year = await edit(path.join(contentDir, 'site.json'), (text) => text.replace('"copyrightYear": 2025', '"copyrightYear": "2025"'), /"copyrightYear"/)
    await edit(path.join(contentDir, 'stats.json'), (text) => text.replace('"value": "100+", ', ''))
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`content/site\\.json:${year}: copyrightYear must be a whole number \\(got "2025"\\)$`)),
      expect.stringMatching(/content\/stats\.json:2: \[0\]\.value is required$/),
    ])
  })

  it('gives one problem for a JSON syntax error, at the line and column where the comma goes, and nothing that follows from it', async () => {
    const contentDir = await contentCopy()
    const line = await edit(path.join(contentDir, 'site.json'), (text) => text.replace('"Bluebonnet Digital",', '"Bluebonnet Digital"'), /"Bluebonnet Digital"/)
    const lineText = (await fs.readFile(path.join(contentDir, 'site.json'), 'utf8')).split('\n')[line - 1]!
    const [problem] = await problemsOf(contentDir)
    expect(problem!.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `content/site\\.json:${line}:${lineText.length + 1}: is not valid JSON: a comma is missing after this value \\(or a \\} after the last field\\): put a comma here$`,
        ),
      ),
      expect.stringContaining(`${line - 1} | `),
      `  > ${line} | ${lineText}`,
      `    ${' '.repeat(String(line + 1).length)} | ${' '.repeat(lineText.length)}^`,
      expect.stringContaining(`${line + 1} | `),
    ])
  })

  it('gives one line for a YAML syntax error, with its line, although other files link to that article', async () => {
    const contentDir = await contentCopy()
    const line = await edit(
      path.join(contentDir, 'blog/automation-workflows.md'),
      (text) => text.replace(/^(date: .*)$/m, '$1\nreadTime: 5\nreadTime: 6'),
      /^readTime: 6/m,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\S*content/blog/automation-workflows\\.md:${line}: the field readTime is written twice: keep one of them\\n(.*\\n)*  > ${line} \\| readTime: 6\\n`,
        ),
      ),
    ])
  })

  it('rejects a link in a body, or a front-matter image, that does not resolve, at its line', async () => {
    const contentDir = await contentCopy()
    const link = await edit(
      path.join(contentDir, 'blog/digital-marketing-roi.md'),
      (text) => `${text}\n\nSee [our guide](/blog/no-such-article).\n`,
      /\[our guide\]/,
    )
    const image = await edit(
      path.join(contentDir, 'services/app-design.md'),
      (text) => text.replace(/^( +image:) .*$/m, '$1 /images/services/missing.svg'),
      /image: \/images\/services\/missing/,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`blog/digital-marketing-roi\\.md:${link}: a link points to /blog/no-such-article, which does not exist$`)),
      expect.stringMatching(
        new RegExp(`services/app-design\\.md:${image}: features\\[0\\]\\.image points to /images/services/missing\\.svg, which does not exist$`),
      ),
    ])
  })

  it('rejects an image in a body that is not in content/images, at its line', async () => {
    const contentDir = await contentCopy()
    const line = await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => `${text}\n![A chart](/images/missing.png)\n`, /!\[A chart\]/)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`content/blog/automation-workflows\\.md:${line}: an image points to /images/missing\\.png, which does not exist$`)),
    ])
  })

  it('blames the case study whose old id is another one’s page', async () => {
    const contentDir = await contentCopy()
    const line = await edit(
      path.join(contentDir, 'case-studies/smart-support.md'),
      (text) => text.replace('  - smart-support-ai\n', '  - smart-support-ai\n  - taskmate\n'),
      /- taskmate/,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `content/case-studies/smart-support\\.md:${line}: redirectFrom: /case-study/taskmate is the page of \\S*content/case-studies/taskmate\\.md, which exists: remove it from redirectFrom here$`,
        ),
      ),
    ])
  })

  it('refuses a legal page named like another page, naming both files', async () => {
    const contentDir = await contentCopy()
    await fs.copyFile(path.join(contentDir, 'legal/privacy-policy.md'), path.join(contentDir, 'legal/blog.md'))
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(/content\/legal\/blog\.md: its address \/blog is already the page of site\/pages\/blog\/\+Page\.tsx: rename the file$/),
    ])
  })

  it('reports an unknown token at its line', async () => {
    const contentDir = await contentCopy()
    const line = await edit(path.join(contentDir, 'legal/privacy-policy.md'), (text) => `${text}\n\nCall {{site.fax}}.\n`, /\{\{site\.fax/)
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(new RegExp(`legal/privacy-policy\\.md:${line}: unknown token \\{\\{site\\.fax\\}\\}$`)),
    ])
  })
  it('checks booking.json: its shape, its windows against their labels and the opening hours, and the one meeting length', async () => {
    const contentDir = await contentCopy()
    const morning = await edit(
      path.join(contentDir, 'booking.json'),
      (text) => text.replace('"from": "09:00", "to": "12:00"', '"from": "08:00", "to": "12:00"'),
      /"morning"/,
    )
    const length = await edit(
      path.join(contentDir, 'analysis.json'),
      (text) => text.replace('"meetingLength": "30 minutes"', '"meetingLength": "45 minutes"'),
      /"meetingLength"/,
    )
    expect(await problemsOf(contentDir)).toEqual([
      expect.stringMatching(
        new RegExp(`content/analysis\\.json:${length}: must be "30 minutes", the meeting length of booking\\.json \\(got "45 minutes"\\)$`),
      ),
      expect.stringMatching(
        new RegExp(`content/booking\\.json:${morning}: the morning window \\(08:00-12:00\\) goes beyond what visitors are offered: Morning \\(9AM-12PM\\)$`),
      ),
      expect.stringMatching(new RegExp(`content/booking\\.json:${morning}: the morning window \\(08:00-12:00\\) lies outside the opening hours`)),
    ])
    await edit(path.join(contentDir, 'booking.json'), (text) => text.replace('"atOnce": 2', '"atOnce": 0'))
    expect(await problemsOf(contentDir)).toEqual([expect.stringMatching(/content\/booking\.json:\d+: atOnce must be/)])
  })
})
