import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'
import fsExt from 'fs-ext'

/** Another live process writes to the same data file. */
export class DataFileInUseError extends Error {
  override name = 'DataFileInUseError'
  constructor(
    message: string,
    /** The holder's pid as its lock file names it, where it runs (another container's pid is its own). */
    readonly pid: number | null = null,
  ) {
    super(message)
  }
}

/**
 * Claims `lockFile` for this process with an exclusive `flock(2)`, held until `release` or the
 * process's end (a crash or a kill -9 frees it at once). The kernel enforces it on the file itself,
 * so a second service on the same data file refuses to start whatever container, PID namespace or
 * host (on a shared volume) it runs in. The pid written into the file is only for people reading it.
 */
export async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  const fd = openSync(lockFile, 'a+', 0o600)
  try {
    fsExt.flockSync(fd, 'exnb')
  } catch (error) {
    closeSync(fd)
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
      const pid = readFileSync(lockFile, 'utf8').trim()
      throw new DataFileInUseError(
        `the data file is in use by another process${/^\d+$/.test(pid) ? ` (pid ${pid} where it runs)` : ''}; one data file has one writer process (lock file ${lockFile})`,
        /^\d+$/.test(pid) ? Number(pid) : null,
      )
    }
    throw error
  }
  ftruncateSync(fd)
  writeSync(fd, `${process.pid}\n`)
  let released = false
  return async () => {
    if (released) return
    released = true
    // The file stays: removing a locked file would let a third process lock a new one beside it.
    fsExt.flockSync(fd, 'un')
    closeSync(fd)
  }
}
