import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchPrerenderReport } from './prerenderReport'

// Vike's lines as it prints them: the folder dim, the file blue (ANSI colours), one console.log each.
const dim = (text: string) => `\u001b[2m${text}\u001b[22m`
const blue = (text: string) => `\u001b[34m${text}\u001b[39m`

describe('watchPrerenderReport', () => {
  const clientDir = path.resolve('.cache/build/client')
  let restore = () => {}
  afterEach(() => restore())

  const printReport = () => {
    console.log(`${blue('vike v0.4.266')} pre-rendering HTML...`)
    console.log(`${dim('.cache/build/client/')}${blue('blog/first/index.html')}`)
    console.log(`${dim('.cache/build/client/')}${blue('index.html')}`)
    console.log(`${blue('✓')} 2 HTML documents pre-rendered.`)
    console.log('a line of the build itself')
  }

  /** Vike's report printed while it is watched (`hide` as given): the pages handed over, and what reached the console. */
  const watchReport = (hide: boolean) => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {})
    const pages: string[] = []
    restore = watchPrerenderReport(clientDir, { hide, onPage: (page) => pages.push(page) })
    printReport()
    restore()
    const calls = printed.mock.calls
    printed.mockRestore()
    return { pages, printed: calls }
  }

  it('hands over each page Vike wrote, with its path in the client folder, and drops only Vike’s lines', () => {
    const { pages, printed } = watchReport(true)
    expect(pages).toEqual([path.join('blog', 'first', 'index.html'), 'index.html'])
    expect(printed).toEqual([['a line of the build itself']])
  })

  it('still hands the pages over while Vike’s report is shown (BUILD_LOG_LEVEL=info)', () => {
    const { pages, printed } = watchReport(false)
    expect(pages).toHaveLength(2)
    expect(printed).toHaveLength(5)
  })
})
