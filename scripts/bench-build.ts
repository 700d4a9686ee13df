// Times this project's build against Astro 5 and Eleventy 3 building the same synthetic articles (~900
// words each, scripts/synthetic-content.ts), paired in one run:
//
//   this project, truly cold   no cache of any kind (its caches all live in one folder, deleted first)
//   this project, primed       again, caches kept, nothing changed
//   this project, one edited   one article's text changed, caches kept
//   Astro 5, cold / one edited  the same for Astro's content layer (its cache folder deleted, then kept)
//   Eleventy 3, cold            Eleventy keeps no cache between builds
//
// Each row: wall seconds, CPU seconds (user + system of the build and everything it started), and the
// peak resident memory of its largest process. The peers are not part of `npm ci`: the first run
// installs them into scripts/peers/ from its lock file.
//
//   npm run bench:build                 1,000 articles
//   npm run bench:build -- --5000       1,000 and 5,000
//   SIZES=200,1000 RUNS=3 npm run bench:build    other sizes; medians of RUNS runs of each row
//   ROWS=eleventy npm run bench:build   only this project's rows and the peers' rows whose name has one of
//                                       these words (comma-separated): a shorter run on a shared machine
//
// With no code changed, this project's primed and one-edited rows are incremental builds (builder/
// incrementalBuild.ts): they render and publish only the pages the change touches.
//
// The machine's load is printed before and after: figures from a busy machine are not comparable to
// those of a quiet one, only to each other within one run.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildCommand } from './buildCommand.ts'
import { syntheticArticle, writeSyntheticContent } from './synthetic-content.ts'

const sizes = process.env.SIZES ? process.env.SIZES.split(',').map(Number) : process.argv.includes('--5000') ? [1000, 5000] : [1000]
const runs = Number(process.env.RUNS ?? 1)
const rowFilter = process.env.ROWS?.toLowerCase().split(',')
const wanted = (name: string) => name.startsWith('this project') || !rowFilter || rowFilter.some((word) => name.toLowerCase().includes(word))
const projectDir = buildCommand.cwd
const peersDir = path.join(projectDir, 'scripts', 'peers')
const peakMemory = path.join(projectDir, 'scripts', 'report-peak-memory.mjs')
/** Everything of this benchmark, inside the project's cache folder. */
const benchDir = path.join(projectDir, '.cache', 'bench-build')

type Measure = { wall: number; cpu: number; peakMiB: number }
type Command = { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv }

/** CPU seconds of the children this process has waited for (Linux: /proc/self/stat cutime + cstime). */
function childrenCpu(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  // After the command name: cutime and cstime are fields 16 and 17 of the whole line, in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100
}

async function measure({ command, args, cwd, env }: Command): Promise<Measure> {
  const cpuBefore = childrenCpu()
  const started = performance.now()
  // Every Node process of the build prints its peak memory when it exits; the largest is kept.
  const nodeOptions = `${env.NODE_OPTIONS ?? ''} --import=${peakMemory}`.trim()
  const child = spawn(command, args, { cwd, env: { ...env, NODE_OPTIONS: nodeOptions }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const wall = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`${path.basename(args[0] ?? command)} failed:\n${output}`)
  const peakKiB = Math.max(0, ...[...output.matchAll(/peak-memory-kib=(\d+)/g)].map((match) => Number(match[1])))
  return { wall, cpu: childrenCpu() - cpuBefore, peakMiB: peakKiB / 1024 }
}

/** The peers, installed from scripts/peers/package-lock.json on first use. */
function installPeers() {
  if (fs.existsSync(path.join(peersDir, 'node_modules', 'astro')) && fs.existsSync(path.join(peersDir, 'node_modules', '@11ty', 'eleventy'))) return
  console.log('Installing Astro and Eleventy for this benchmark, once (npm ci in scripts/peers/)...')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: peersDir, stdio: 'inherit' })
}

/** One size: the content of each builder, and the commands that build it. */
async function prepare(size: number) {
  const dir = path.join(benchDir, String(size))
  await fsp.rm(dir, { recursive: true, force: true })
  // This project: the real content and the synthetic articles.
  const content = path.join(dir, 'content')
  await writeSyntheticContent(content, size)
  const caches = path.join(dir, 'project-caches')
  const project: Command = {
    ...buildCommand,
    env: {
      ...process.env,
      CONTENT_DIR: content,
      DIST_DIR: path.join(dir, 'project-dist'),
      // The bundles and the state the next build starts from are a cache too.
      VIKE_OUT_DIR: path.relative(projectDir, path.join(caches, 'build')),
      IMAGE_CACHE_DIR: path.join(caches, 'images'),
      MARKDOWN_CACHE_DIR: path.join(caches, 'markdown'),
      COMPRESSED_CACHE_DIR: path.join(caches, 'compressed'),
    },
  }
  // Astro: the articles only, read by its content layer.
  const articles = path.join(dir, 'articles')
  await fsp.mkdir(articles, { recursive: true })
  await Promise.all(Array.from({ length: size }, (_, index) => fsp.writeFile(path.join(articles, `synthetic-${index + 1}.md`), syntheticArticle(index))))
  const astroCache = path.join(dir, 'astro-cache')
  const astro: Command = {
    command: process.execPath,
    args: [path.join(peersDir, 'node_modules', 'astro', 'astro.js'), 'build', '--root', path.join(peersDir, 'astro')],
    cwd: path.join(peersDir, 'astro'),
    env: { ...process.env, ARTICLES_DIR: articles, OUT_DIR: path.join(dir, 'astro-dist'), CACHE_DIR: astroCache, ASTRO_TELEMETRY_DISABLED: '1' },
  }
  // Eleventy: its templates and the articles in one input folder.
  const eleventyInput = path.join(dir, 'eleventy')
  await fsp.cp(path.join(peersDir, 'eleventy'), eleventyInput, { recursive: true })
  await fsp.cp(articles, path.join(eleventyInput, 'blog'), { recursive: true })
  const eleventy: Command = {
    command: process.execPath,
    args: [
      path.join(peersDir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'),
      `--input=${eleventyInput}`,
      `--output=${path.join(dir, 'eleventy-dist')}`,
      '--quiet',
    ],
    cwd: eleventyInput,
    env: { ...process.env },
  }
  /** The same one-word change to the text of one article, for every builder. */
  let edits = 0
  const editOneArticle = async () => {
    edits++
    const name = `synthetic-${Math.ceil(size / 2)}.md`
    for (const file of [path.join(content, 'blog', name), path.join(articles, name), path.join(eleventyInput, 'blog', name)]) {
      await fsp.appendFile(file, `\nEdited ${edits}.\n`)
    }
  }
  const coldProject = () => fsp.rm(caches, { recursive: true, force: true })
  const coldAstro = async () => {
    await fsp.rm(astroCache, { recursive: true, force: true })
    await fsp.rm(path.join(peersDir, 'astro', '.astro'), { recursive: true, force: true })
  }
  return { dir, project, astro, eleventy, editOneArticle, coldProject, coldAstro }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const medianOf = (results: Measure[]): Measure => ({
  wall: median(results.map((result) => result.wall)),
  cpu: median(results.map((result) => result.cpu)),
  peakMiB: median(results.map((result) => result.peakMiB)),
})

async function main() {
  installPeers()
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')
  console.log(`Builds on ${os.cpus().length} cores (node ${process.version}), ${runs === 1 ? 'one run' : `median of ${runs} runs`} of each row`)
  console.log(`Load average before: ${load()}`)
  for (const size of sizes) {
    const { dir, project, astro, eleventy, editOneArticle, coldProject, coldAstro } = await prepare(size)
    const rows = new Map<string, Measure[]>()
    const record = async (name: string, command: Command, before: () => Promise<void> = async () => {}) => {
      if (!wanted(name)) return
      await before()
      const result = await measure(command)
      rows.set(name, [...(rows.get(name) ?? []), result])
    }
    for (let run = 0; run < runs; run++) {
      // Paired: each cold build beside the others, then the rebuilds, in the same minutes.
      await record('this project, truly cold', project, coldProject)
      await record('Astro 5, cold', astro, coldAstro)
      await record('Eleventy 3, cold', eleventy)
      await record('this project, primed', project)
      await record('this project, one edited', project, editOneArticle)
      // Astro's copy of the article is edited with the others'.
      await record('Astro 5, one edited', astro)
    }
    const results = new Map([...rows].map(([name, measures]) => [name, medianOf(measures)]))
    console.log(`\n${size.toLocaleString('en-US')} articles`)
    console.log(`${'build'.padEnd(28)}${'wall s'.padStart(8)}${'CPU s'.padStart(8)}${'peak MiB'.padStart(10)}`)
    for (const [name, { wall, cpu, peakMiB }] of results) {
      console.log(`${name.padEnd(28)}${wall.toFixed(1).padStart(8)}${cpu.toFixed(1).padStart(8)}${peakMiB.toFixed(0).padStart(10)}`)
    }
    const ratio = (a: string, b: string, what: 'wall' | 'cpu') => (results.get(a)![what] / results.get(b)![what]).toFixed(2)
    const line = (label: string, a: string, b: string) =>
      results.has(a) && results.has(b) && console.log(`${label.padEnd(44)}${ratio(a, b, 'wall').padStart(6)}× wall${ratio(a, b, 'cpu').padStart(7)}× CPU`)
    line('truly cold / Astro cold', 'this project, truly cold', 'Astro 5, cold')
    line('one edited / Eleventy cold', 'this project, one edited', 'Eleventy 3, cold')
    line('one edited / Astro one edited', 'this project, one edited', 'Astro 5, one edited')
    line('primed / Astro one edited', 'this project, primed', 'Astro 5, one edited')
    await fsp.rm(dir, { recursive: true, force: true })
  }
  console.log(`\nLoad average after: ${load()}`)
  console.log('Figures are comparable within this run only; docs/performance.md quotes a run on a quiet machine (load under 2).')
}

await main()
