import { existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

/*
 * A build writes its dist/ beside the one served (`dist.next`) and swaps it in only once it is whole: a build
 * that fails or is killed half-way leaves the previous dist/ as it was, byte for byte, and the next build
 * starts its own staging folder afresh.
 */

/** The folder a build writes before it becomes `distDir`, emptied of what a killed build left there. */
export async function stagingDir(distDir: string): Promise<string> {
  const staging = `${path.resolve(distDir)}.next`
  await fs.rm(staging, { recursive: true, force: true })
  return staging
}

/**
 * A copy of `from` at `to` made of hard links: instant, and the files no change touches keep their inode
 * and mtime. Whoever changes a file of the copy must replace it (replaceFile), never write into it.
 */
export function linkedCopy(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name))
    if (entry.isDirectory()) mkdirSync(path.join(to, relative), { recursive: true })
    else linkSync(path.join(from, relative), path.join(to, relative))
  }
}

/** Writes `file` as a new file: one hard-linked to the dist/ being served is not changed with it. */
export async function replaceFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.rm(file, { force: true })
  await fs.writeFile(file, data)
}

/**
 * Makes `staging` the new `distDir`. Two renames: a crash between them leaves no dist/ (`npm start` then
 * builds) and the previous one as `dist.old`, which the next swap removes; never a mix of two builds.
 */
export async function swapIn(staging: string, distDir: string): Promise<void> {
  const old = `${path.resolve(distDir)}.old`
  await fs.rm(old, { recursive: true, force: true })
  if (existsSync(distDir)) await fs.rename(distDir, old)
  await fs.rename(staging, distDir)
  await fs.rm(old, { recursive: true, force: true })
}
