import path from 'node:path'
import { HtmlValidate } from 'html-validate'
import { describe, expect, it } from 'vitest'
import { distDir, htmlFiles } from './dist'

// Every built page passes an HTML validator's standard rules (html-validate's `standard` preset): the
// fixture's build, as the site tests read it.
describe('every built page', () => {
  const validator = new HtmlValidate({ extends: ['html-validate:standard'] })

  it('passes html-validate:standard', async () => {
    const files = htmlFiles()
    expect(files.length).toBeGreaterThan(20)
    const problems: string[] = []
    for (const file of files) {
      const report = await validator.validateFile(file)
      for (const result of report.results) {
        for (const message of result.messages) problems.push(`${path.relative(distDir, file)}:${message.line}: ${message.ruleId}: ${message.message}`)
      }
    }
    expect(problems).toEqual([])
  })
})
