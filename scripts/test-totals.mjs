// Prints the totals of vitest JSON reports (one per test run) as one line: "N passed, M failed", after a
// line that counts the distinct tests among them (a store test runs on both stores, a unit test on both
// Nodes: one test each). A run that crashed before writing its report counts as one failure.
import fs from 'node:fs'

const files = process.argv.length > 2 ? process.argv.slice(2) : ['.cache/test-results.json']
let passed = 0
let failed = 0
const distinct = new Set()
for (const file of files) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'))
    passed += report.numPassedTests
    // Files that failed to load (a syntax error, a failing beforeAll) fail no single test: count them too.
    const brokenFiles = report.testResults.filter(
      (result) => result.status === 'failed' && result.assertionResults.every((test) => test.status !== 'failed'),
    ).length
    failed += report.numFailedTests + brokenFiles
    for (const result of report.testResults) for (const test of result.assertionResults) distinct.add(`${result.name}\u0000${test.fullName}`)
  } catch {
    console.error(`No test report at ${file}`)
    failed += 1
  }
}
console.log(`${distinct.size} distinct tests`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
