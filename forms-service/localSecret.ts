import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isMissing } from './store/files.js'

/**
 * A secret kept in `file` (made up and written on first use, readable by this user only), for a
 * developer machine: links signed with it keep working across restarts. Production sets its own.
 */
export async function localSecret(file: string): Promise<string> {
  try {
    const secret = (await readFile(file, 'utf8')).trim()
    if (secret.length >= 32) return secret
  } catch (error) {
    if (!isMissing(error)) throw error
  }
  const secret = randomBytes(32).toString('base64url')
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
