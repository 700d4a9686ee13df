import { execFileSync } from 'node:child_process'
import { buildCommand } from '../scripts/buildCommand'

export default function setup() {
  if (process.env.SKIP_BUILD === '1') return
  execFileSync(buildCommand.command, buildCommand.args, { stdio: 'inherit', cwd: buildCommand.cwd })
}
