import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** Runs a Node CLI of the project from its root; a failure carries the tool's own report. */
function run(script: string, args: string[]): void {
  try {
    execFileSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'pipe', timeout: 180_000, encoding: 'utf8' })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    const output = `${stdout ?? ''}${stderr ?? ''}`.trim()
    expect.fail(`${script} ${args.join(' ')} failed:\n${output || String(error)}`)
  }
}

it('the code type-checks (npm run typecheck)', () => {
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json'])
}, 180_000)

it('the code is formatted and lint-clean (npm run lint)', () => {
  run('node_modules/@biomejs/biome/bin/biome', ['check', '.'])
}, 180_000)
