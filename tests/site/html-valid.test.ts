import { expect, it } from 'vitest'
import { htmlProblems } from '../../site/content/launchCheck'
import { distDir, htmlFiles } from './dist'

// Every built page passes an HTML validator's standard rules (html-validate's `standard` preset): the
// fixture's build, as the site tests read it, checked as the launch check checks dist/.
it('every built page passes html-validate:standard', async () => {
  expect(htmlFiles().length).toBeGreaterThan(20)
  expect(await htmlProblems(distDir)).toEqual([])
})
