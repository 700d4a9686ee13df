import fs from 'node:fs/promises'

/** The file's bytes, or, when it is missing, what `make` gives, written to it for the next build. */
export async function fromCache(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await fs.readFile(file)
  } catch {
    const made = await make()
    // Written under another name first: a build stopped midway, or another build beside this one, must
    // never find half a file.
    const partial = `${file}.${process.pid}.tmp`
    await fs.writeFile(partial, made)
    await fs.rename(partial, file)
    return made
  }
}
