import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadContent } from '.'
import { ContentError } from './validate.ts'

// Each test edits a fresh copy of the real content/ tree, so a fixture is one small change.
let dir: string
async function contentCopy(): Promise<string> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-'))
  await fs.cp('content', path.join(dir, 'content'), { recursive: true })
  return path.join(dir, 'content')
}
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

async function problemsOf(contentDir: string): Promise<string[]> {
  const error = await loadContent(contentDir).then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ContentError)
  return (error as ContentError).problems
}

async function edit(file: string, change: (text: string) => string) {
  await fs.writeFile(file, change(await fs.readFile(file, 'utf8')))
}

describe('loadContent', () => {
  it('loads every content type of the real site', async () => {
    const content = await loadContent('content')
    expect(content.services.map((service) => service.id)).toEqual(['website-design', 'app-design', 'digital-marketing', 'automation-creation', 'ai-agents'])
    expect(content.caseStudies.map((study) => study.id)).toEqual(['smart-support', 'cafe-blossom', 'fitzone-gym', 'shopeasy', 'taskmate', 'retailflow', 'growsmart'])
    expect(content.posts).toHaveLength(7)
    expect(content.testimonials).toHaveLength(7)
    expect(content.legal.map((page) => page.slug).sort()).toEqual(['privacy-policy', 'terms-of-service'])
    expect(content.redirects).toEqual(
      expect.arrayContaining([
        { from: '/case-study/smart-support-ai', to: '/case-study/smart-support' },
        { from: '/case-study/ecommerce-redesign', to: '/case-study/shopeasy' },
        { from: '/case-study/restaurant-app', to: '/case-study/cafe-blossom' },
      ]),
    )
  })

  it('fills the analysis figures into Markdown from analysis.json', async () => {
    const content = await loadContent('content')
    const article = content.posts.find((post) => post.slug === 'free-business-analysis')!
    const html = await article.html
    expect(html).toContain(content.analysis.meetingLength)
    expect(html).not.toMatch(/\{\{/)
  })

  it('names the file, the field and the value of a wrong type', async () => {
    const contentDir = await contentCopy()
    await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => text.replace(/^readTime: \d+$/m, 'readTime: ten'))
    const problems = await problemsOf(contentDir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/content\/blog\/automation-workflows\.md: readTime must be a number \(got "ten"\)$/)
  })

  it('reports every problem in the content files at once, one line each', async () => {
    const contentDir = await contentCopy()
    await edit(path.join(contentDir, 'case-studies/shopeasy.md'), (text) => text.replace(/^timeline: .*$/m, 'timeline: 3 weeks').replace(/^client: .*$/m, ''))
    await edit(path.join(contentDir, 'blog/automation-workflows.md'), (text) => text.replace(/^date: .*$/m, 'date: 2025-13-45'))
    const problems = await problemsOf(contentDir)
    expect(problems).toEqual([
      expect.stringMatching(/content\/blog\/automation-workflows\.md: date must be a valid date \(YYYY-MM-DD\) \(got "2025-13-45"\)$/),
      expect.stringMatching(/content\/case-studies\/shopeasy\.md: client is required$/),
      expect.stringMatching(/content\/case-studies\/shopeasy\.md: timeline must match pattern/),
    ])
  })

  it('checks the JSON files before the Markdown that uses their values', async () => {
    const contentDir = await contentCopy()
    await edit(path.join(contentDir, 'site.json'), (text) => text.replace('"copyrightYear": 2025', '"copyrightYear": "2025"'))
    await edit(path.join(contentDir, 'stats.json'), (text) => text.replace('"value": "100+", ', ''))
    const problems = await problemsOf(contentDir)
    expect(problems).toEqual([
      expect.stringMatching(/content\/site\.json: copyrightYear must be a number \(got "2025"\)$/),
      expect.stringMatching(/content\/stats\.json: \[0\]\.value is required$/),
    ])
  })

  it('rejects duplicate ids and links or images that do not resolve', async () => {
    const contentDir = await contentCopy()
    await edit(path.join(contentDir, 'case-studies/taskmate.md'), (text) => text.replace(/^id: .*$/m, 'id: taskmate\nredirectFrom: [smart-support-ai]'))
    await edit(path.join(contentDir, 'blog/cybersecurity-essentials.md'), (text) => `${text}\n\nSee [our guide](/blog/no-such-article).\n`)
    await edit(path.join(contentDir, 'services/app-design.md'), (text) => text.replace(/image: \/images\/services\/app-design-feature-1\.svg/, 'image: /images/services/missing.svg'))
    const problems = await problemsOf(contentDir)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/case-studies\/taskmate\.md: case study id "smart-support-ai" is already used by .*smart-support\.md$/),
        expect.stringMatching(/blog\/cybersecurity-essentials\.md: a link points to \/blog\/no-such-article, which does not exist$/),
        expect.stringMatching(/services\/app-design\.md: features\[0\]\.image points to \/images\/services\/missing\.svg, which does not exist$/),
      ]),
    )
    expect(problems).toHaveLength(3)
  })

  it('reports an unknown token and broken YAML', async () => {
    const contentDir = await contentCopy()
    await edit(path.join(contentDir, 'legal/privacy-policy.md'), (text) => `${text}\n\nCall {{site.fax}}.\n`)
    await edit(path.join(contentDir, 'blog/small-business-tools.md'), (text) => text.replace(/^title: .*$/m, 'title: "unclosed'))
    const problems = await problemsOf(contentDir)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/legal\/privacy-policy\.md: unknown token \{\{site\.fax\}\}$/),
        expect.stringMatching(/blog\/small-business-tools\.md: front matter is not valid YAML/),
      ]),
    )
  })
})
