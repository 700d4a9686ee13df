// `node --import tsx scripts/cpu-profile-top.ts <file.cpuprofile> [count]`: the functions with the most
// self time in a V8 CPU profile (node --cpu-prof; bench-service.ts writes them with BENCH_CPU_PROF),
// their total time, and the share each package or folder takes. PROFILE_FROM and PROFILE_TO (seconds
// from the profile's start) keep only the load's window: the busy share of each second is printed.
import { readFileSync } from 'node:fs'
import path from 'node:path'

interface ProfileNode {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, count = '25'] = process.argv.slice(2)
const from = Number(process.env.PROFILE_FROM ?? 0) * 1e6
const to = Number(process.env.PROFILE_TO ?? Number.POSITIVE_INFINITY) * 1e6
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [count]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
const byPlace = new Map<string, number>()
let total = 0
let clock = 0
const seconds: Array<{ busy: number; all: number }> = []
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0
  clock += micros
  const at = Math.floor(clock / 1e6)
  seconds[at] ??= { busy: 0, all: 0 }
  const second = seconds[at]
  second.all += micros
  if (byId.get(id)!.callFrame.functionName !== '(idle)') second.busy += micros
  if (clock < from || clock > to) return
  const key = nameOf(id)
  const where = byId.get(id)!.callFrame.url.replace(/^file:\/\//, '')
  const functionName = byId.get(id)!.callFrame.functionName
  self.set(key, (self.get(key) ?? 0) + micros)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(nameOf(at))
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + micros)
  const place =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') ? 'node:' : where ? path.relative(process.cwd(), path.dirname(where)) : functionName)
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros)
  total += micros
})
function nameOf(id: number): string {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const where = url.replace(/^file:\/\//, '')
  return `${functionName || '(anonymous)'}  ${where ? `${path.relative(process.cwd(), where)}:${lineNumber + 1}` : ''}`
}

const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n')
const busy = seconds.map((second, at) => `${at}:${Math.round((second.busy / second.all) * 100)}%`).join(' ')
console.log(
  `Busy share by second: ${busy}\n${(total / 1e6).toFixed(1)} s sampled\n\nSelf time by function:\n${top(self, Number(count))}\n\nTotal time (self and callees) by function:\n${top(inclusive, Number(count))}\n\nBy package or folder:\n${top(byPlace, 15)}`,
)
