import { open, readFile, unlink } from 'node:fs/promises'

/** Another live process writes to the same data file. */
export class DataFileInUseError extends Error {
  override name = 'DataFileInUseError'
}

// Two stores of one process on one file would be two writers as well.
const heldHere = new Set<string>()

/**
 * Claims `lockFile` for this process, writing its pid into it. A lock left by a process that is gone
 * (a crash, a kill -9, a container restart) is taken over.
 *
 * It is a guard against starting a second service on the same file by mistake, not a cluster lock:
 * processes in other containers or on other hosts sharing the volume cannot see each other's pids.
 */
export async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  if (heldHere.has(lockFile)) throw new DataFileInUseError(`${lockFile} is already held by this process`)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockFile, 'wx')
      await handle.writeFile(`${process.pid}\n`)
      await handle.close()
      heldHere.add(lockFile)
      return async () => {
        heldHere.delete(lockFile)
        await unlink(lockFile).catch(() => undefined)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataFileInUseError(
          `the data file is in use by process ${holder} (lock file ${lockFile}); one data file has one writer process`,
        )
      }
      await unlink(lockFile).catch(() => undefined)
    }
  }
  throw new DataFileInUseError(`could not take the lock file ${lockFile}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
