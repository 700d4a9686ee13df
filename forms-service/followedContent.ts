import fs from 'node:fs/promises'
import path from 'node:path'

/** How often the content files' modification times are looked at. */
const LOOK_EVERY_MS = 500

/** A value read from content files at start, and again whenever one of them changes. */
export interface Followed<T> {
  /** The last good value. */
  readonly current: T
  stop(): void
}

/** The files' and folders' (with their files') modification times, in one string; a change in any changes it. */
async function signatureOf(paths: readonly string[]): Promise<string> {
  const parts: string[] = []
  for (const file of paths) {
    const stat = await fs.stat(file).catch(() => null)
    if (!stat) {
      parts.push(`${file}:missing`)
      continue
    }
    parts.push(`${file}:${stat.mtimeMs}:${stat.size}`)
    if (stat.isDirectory()) parts.push(await signatureOf((await fs.readdir(file)).sort().map((name) => path.join(file, name))))
  }
  return parts.join('\n')
}

/**
 * Follows a content folder mounted into the running service (forms-service/README.md): `load` reads and
 * checks the value as the start does (a mistake there stops the start). Twice a second the modification
 * times of `paths` are compared; once a change has held still for one look, `load` runs again. A value that passes its checks
 * replaces the last good one; a mistake goes to `onReloadError` once (with the check's words) and the last
 * good value stays, so an editor's broken save never stops a running service.
 */
export async function followContent<T>(paths: readonly string[], load: () => Promise<T>, onReloadError: (error: Error) => void): Promise<Followed<T>> {
  let signature = await signatureOf(paths)
  let current = await load()
  let looking = false
  /** A change seen once: loaded when the next look finds the files as they were, not in the middle of a save or a `git pull`. */
  let settling: string | null = null
  const look = async () => {
    if (looking) return
    looking = true
    try {
      const now = await signatureOf(paths)
      if (now === signature) return
      if (now !== settling) {
        settling = now
        return
      }
      settling = null
      // Before loading: a broken save is reported once, and loaded again only once it changes again.
      signature = now
      current = await load()
    } catch (error) {
      onReloadError(error as Error)
    } finally {
      looking = false
    }
  }
  const timer = setInterval(() => void look(), LOOK_EVERY_MS)
  // Never what keeps a process alive.
  timer.unref()
  return {
    get current() {
      return current
    },
    stop: () => clearInterval(timer),
  }
}
