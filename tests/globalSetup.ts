import { execFileSync } from 'node:child_process'

export default function setup() {
  if (process.env.SKIP_BUILD === '1') return
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
}
