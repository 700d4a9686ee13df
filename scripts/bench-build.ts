// Times cold builds of the site: the real content (~30 routes), then with 1,000 and 5,000 synthetic
// articles of ~900 words each. Prints the median of RUNS runs: seconds, pages per second, peak memory.
//
//   npm run bench:build            RUNS=3 and SIZES=0,1000,5000 by default
//   MARKDOWN_CACHE=cold npm run bench:build     first builds: every article rendered from Markdown
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildCommand } from './buildCommand.ts'
import { writeSyntheticContent } from './synthetic-content.ts'

const runs = Number(process.env.RUNS ?? 3)
const sizes = (process.env.SIZES ?? '0,1000,5000').split(',').map(Number)
const projectDir = process.cwd()
// Converted images and rendered Markdown are cached across builds, as Astro and Eleventy cache theirs
// (a rebuild after an edit converts and renders only what changed); the caches are primed by one untimed
// build of each size so every timed build does the same work. With MARKDOWN_CACHE=cold, every timed
// build starts without rendered Markdown instead.
const imageCacheDir = path.join(os.tmpdir(), 'bench-build-image-cache')
const markdownCacheDir = path.join(os.tmpdir(), 'bench-build-markdown-cache')
const coldMarkdown = process.env.MARKDOWN_CACHE === 'cold'

type Result = { seconds: number; pages: number; peakMiB: number }

async function buildOnce(workDir: string): Promise<Result> {
  const dist = path.join(workDir, 'dist')
  if (coldMarkdown) {
    await fs.rm(markdownCacheDir, { recursive: true, force: true })
  }
  const started = performance.now()
  const child = spawn(buildCommand.command, ['--import', path.join(projectDir, 'scripts/report-peak-memory.mjs'), ...buildCommand.args], {
    cwd: buildCommand.cwd,
    env: {
      ...process.env,
      CONTENT_DIR: path.join(workDir, 'content'),
      DIST_DIR: dist,
      VIKE_OUT_DIR: path.join('.cache', `vike-out-${path.basename(workDir)}`),
      IMAGE_CACHE_DIR: imageCacheDir,
      MARKDOWN_CACHE_DIR: markdownCacheDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The build's own output (and its content warnings) is shown only when it fails.
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const seconds = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`build failed:\n${output}`)
  const peakKiB = Number(output.match(/peak-memory-kib=(\d+)/)?.[1] ?? 0)
  const pages = Number(output.match(/Built (\d+) pages/)?.[1] ?? 0)
  return { seconds, pages, peakMiB: peakKiB / 1024 }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  // Its entries are per content folder, and each run writes its own folders.
  await fs.rm(markdownCacheDir, { recursive: true, force: true })
  console.log(
    `Cold builds, median of ${runs} runs, on ${os.cpus().length} cores (node ${process.version}), Markdown cache ${coldMarkdown ? 'empty' : 'primed'}`,
  )
  console.log('articles  pages   seconds  pages/s  peak MiB')
  for (const size of sizes) {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-build-${size}-`))
    await writeSyntheticContent(path.join(workDir, 'content'), size)
    if (size === sizes[0] || !coldMarkdown) await buildOnce(workDir)
    const results: Result[] = []
    for (let run = 0; run < runs; run++) results.push(await buildOnce(workDir))
    const seconds = median(results.map((result) => result.seconds))
    const pages = results[0]!.pages
    console.log(
      `${String(size).padStart(8)}  ${String(pages).padStart(5)}  ${seconds.toFixed(2).padStart(8)}  ${(pages / seconds).toFixed(0).padStart(7)}  ${median(
        results.map((result) => result.peakMiB),
      )
        .toFixed(0)
        .padStart(8)}`,
    )
    await fs.rm(workDir, { recursive: true, force: true })
    await fs.rm(path.join('.cache', `vike-out-${path.basename(workDir)}`), { recursive: true, force: true })
  }
}

await main()
