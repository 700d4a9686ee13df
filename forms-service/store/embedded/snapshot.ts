import { open, readFile, rename, unlink } from 'node:fs/promises'
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { collections, emptyData, type Change, type Data } from '../records.js'
import { problemOf } from './recordCheck.js'
import { currentApiToken } from './olderRecords.js'
import { fsyncDirOf, isMissing } from '../files.js'

/**
 * The data file's format version, also that of an export (../exportFile.ts): one more whenever a version stores
 * what an earlier one cannot read (a new field of a record). 2: a lead's owner and who changed it, the
 * accounts' second factors. A version reads every format up to its own and refuses a later one in one line;
 * a start writes the file in its own format before it appends a line (durableFile.ts), so an older version
 * meets the newer format at the first byte, never as a record it does not know.
 */
export const dataFormatVersion = 2
export const dataFileFormat = `forms-service/${dataFormatVersion}`

/** A data file (or an export) written by a later version: upgrade the service, nothing is wrong with the data. */
export class NewerDataFileError extends Error {
  override name = 'NewerDataFileError'
}

export interface Snapshot {
  /** The format version it was written in. */
  format: number
  data: Data
  /** The last journal entry it holds; entries up to here are skipped when the journal is replayed. */
  lastSeq: number
  /** An export's (../exportFile.ts); a data file keeps it beside itself. */
  calendarFeedSecret?: string
}

export class CorruptDataFileError extends Error {
  override name = 'CorruptDataFileError'
}

/** The snapshot at `file`, or `null` if there is none yet. */
export async function readSnapshot(file: string): Promise<Snapshot | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new CorruptDataFileError(`${file} is not valid JSON: ${(error as Error).message}`)
  }
  const format = formatOf(parsed)
  if (format !== null && format > dataFormatVersion) {
    throw new NewerDataFileError(`${file} is data file format ${format}; this service reads up to format ${dataFormatVersion}: upgrade the service`)
  }
  if (format === null || !isSnapshotShape(parsed)) throw new CorruptDataFileError(`${file} is not a forms-service data file (format ${dataFileFormat})`)
  const data = emptyData()
  // A collection added in a later version is simply empty in an older file.
  for (const name of collections) data[name] = (parsed[name] ?? []) as never
  // Records as an older version wrote them are checked as this one keeps them (olderRecords.ts).
  data.apiTokens = data.apiTokens.map(currentApiToken)
  for (const name of collections) {
    data[name].forEach((record, index) => {
      const problem = problemOf({ collection: name, record } as Change)
      if (problem) throw new CorruptDataFileError(`${file}: ${name}[${index}]: ${problem}; restore it from a backup`)
    })
  }
  const secret = (parsed as { calendarFeedSecret?: unknown }).calendarFeedSecret
  return { format, data, lastSeq: parsed.lastSeq, ...(typeof secret === 'string' && secret ? { calendarFeedSecret: secret } : {}) }
}

/** The format version a file says it is in ('forms-service/2'), or null when it says none. */
function formatOf(value: unknown): number | null {
  const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined
  const version = typeof format === 'string' ? /^forms-service\/([1-9]\d{0,5})$/.exec(format)?.[1] : undefined
  return version === undefined ? null : Number(version)
}

function isSnapshotShape(value: unknown): value is { lastSeq: number } & Partial<Record<keyof Data, unknown[]>> {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return Number.isSafeInteger(record.lastSeq) && collections.every((name) => record[name] === undefined || Array.isArray(record[name]))
}

const recordsPerChunk = 2000

/**
 * Writes `data` as the new snapshot: a temp file, fsync,
 * rename over `file`, fsync of the directory. A crash at any point leaves the old or the new snapshot.
 * It serialises a chunk at a time and yields between chunks, so requests keep being answered while
 * 100,000 records are written. Returns its size in bytes.
 */
export async function writeSnapshot(file: string, data: Data, lastSeq: number): Promise<number> {
  const temp = `${file}.${process.pid}.tmp`
  // The owner's only (0600), like the journal: it becomes the data file.
  const handle = await open(temp, 'w', 0o600)
  let bytes: number
  try {
    await handle.writeFile(`{"format":${JSON.stringify(dataFileFormat)},"lastSeq":${lastSeq}`)
    for (const name of collections) {
      await handle.writeFile(`,\n${JSON.stringify(name)}:[`)
      const records = data[name]
      for (let start = 0; start < records.length; start += recordsPerChunk) {
        const end = Math.min(start + recordsPerChunk, records.length)
        const chunk = records.slice(start, end).map((record) => JSON.stringify(record))
        await handle.writeFile((start === 0 ? '\n' : ',\n') + chunk.join(',\n'))
        await yieldToRequests()
      }
      await handle.writeFile(']')
    }
    await handle.writeFile('}\n')
    await handle.sync()
    bytes = (await handle.stat()).size
  } catch (error) {
    await handle.close()
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await handle.close()
  await rename(temp, file)
  await fsyncDirOf(file)
  return bytes
}
