// Prints the totals of a vitest JSON report as one line: "N passed, M failed".
// A run that crashed before writing its report counts as one failure.
import fs from 'node:fs'

const file = process.argv[2] ?? '.cache/test-results.json'
let passed = 0
let failed = 1
try {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  passed = report.numPassedTests
  // Files that failed to load (a syntax error, a failing beforeAll) fail no single test: count them too.
  const brokenFiles = report.testResults.filter((result) => result.status === 'failed' && result.assertionResults.every((test) => test.status !== 'failed')).length
  failed = report.numFailedTests + brokenFiles
} catch {
  console.error(`No test report at ${file}`)
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
