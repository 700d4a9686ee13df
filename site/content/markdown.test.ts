import { expect, it } from 'vitest'
import { markdownToHtml, markdownToHtmlEach } from './markdown.ts'
import { WORKER_THRESHOLD } from './markdownWorkers.ts'

it('renders a large batch in worker threads exactly as in-process, in order', async () => {
  const sources = Array.from({ length: WORKER_THRESHOLD * 2 + 7 }, (_, index) => `## Part ${index}\n\nSee [page ${index}](/blog/p-${index}) and **bold** text.\n\n- one\n- two\n`)
  const html = await Promise.all(markdownToHtmlEach(sources))
  expect(html).toHaveLength(sources.length)
  expect(html).toEqual(sources.map(markdownToHtml))
  expect(html[5]).toContain('<h2>Part 5</h2>')
})
