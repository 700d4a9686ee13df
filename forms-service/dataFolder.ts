import { constants } from 'node:fs'
import { access, mkdir } from 'node:fs/promises'

/**
 * Stops the start with one sentence when the process cannot write the data folder: a bind-mounted host
 * folder owned by another user (the image runs as `node`, uid 1000: forms-service/Dockerfile) would
 * otherwise fail on the first file the store opens, with a bare EACCES that names neither the user nor
 * the fix. A folder that is not there yet is made (a fresh checkout has no data/).
 */
export async function checkDataFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true })
    await access(folder, constants.W_OK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EROFS') throw new Error(`the data folder ${folder} is on a read-only mount: mount it read-write`)
    if (code !== 'EACCES' && code !== 'EPERM') throw error
    const uid = process.getuid?.() ?? 1000
    const gid = process.getgid?.() ?? 1000
    throw new Error(
      `the data folder ${folder} is not writable by uid ${uid}, the user this process runs as: run chown -R ${uid}:${gid} on it (for a bind mount, on the host folder, e.g. chown -R ${uid}:${gid} ./data)`,
    )
  }
}
