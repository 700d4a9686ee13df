import { open } from 'node:fs/promises'
import path from 'node:path'

/** Makes a rename, creation or removal in `file`'s directory durable. */
export async function fsyncDirOf(file: string): Promise<void> {
  const dir = await open(path.dirname(file), 'r')
  try {
    await dir.sync()
  } finally {
    await dir.close()
  }
}

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'
