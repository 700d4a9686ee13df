import { constants } from 'node:fs'
import { open, readFile, rename, stat, type FileHandle } from 'node:fs/promises'
import { changesOf, collections, type Change, type JournalEntry } from '../records.js'
import { problemOf } from './recordCheck.js'
import { currentEntry } from './olderRecords.js'
import { CorruptDataFileError } from './snapshot.js'
import { fsyncDirOf, isMissing } from '../files.js'

/**
 * The entries of a journal file, in order. A crash during an append can leave the last line cut
 * short: that line was never acknowledged (its fsync had not returned), so it is ignored. A bad line
 * followed by good ones is damage, not a torn write, and stops the start.
 */
export async function readJournal(file: string): Promise<{ entries: JournalEntry[]; tornTail: boolean; bytes: number }> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (isMissing(error)) return { entries: [], tornTail: false, bytes: 0 }
    throw error
  }
  // Trailing zeros are not entries. Earlier versions zeroed the journal ahead of their writes
  // (docs/decisions.md, "Speed-ups kept only for the subscription benchmark go"), so one that crashed
  // while running left it ending in zeroed blocks; a crash during an append that grows the file may
  // leave zeros too. Nothing there was ever acknowledged.
  text = withoutTrailingZeros(text)
  const lines = text.split('\n')
  // A complete journal ends with '\n', so the last piece is ''; anything else there is a torn line.
  const last = lines.pop()
  let tornTail = last !== ''
  const entries: JournalEntry[] = []
  lines.forEach((line, index) => {
    const parsed = parseEntry(line)
    if (parsed) {
      // A complete line with a record that is not one is damage, whatever its place; a record as an older
      // version wrote it is checked as this one keeps it (olderRecords.ts).
      const entry = currentEntry(parsed)
      const problem = changesOf(entry)
        .map(problemOf)
        .find((found) => found !== null)
      if (problem) throw new CorruptDataFileError(`${file}: line ${index + 1}: ${problem}; restore it from a backup or remove the line`)
      entries.push(entry)
      return
    }
    if (index === lines.length - 1 && !tornTail) {
      tornTail = true
      return
    }
    throw new CorruptDataFileError(`${file}: line ${index + 1} is damaged; restore it from a backup or remove the line`)
  })
  return { entries, tornTail, bytes: Buffer.byteLength(text) }
}

function withoutTrailingZeros(text: string): string {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--
  return end === text.length ? text : text.slice(0, end)
}

function parseEntry(line: string): JournalEntry | null {
  try {
    const entry: unknown = JSON.parse(line)
    if (typeof entry !== 'object' || entry === null) return null
    const { seq, changes } = entry as Record<string, unknown>
    if (!Number.isSafeInteger(seq)) return null
    const list = Array.isArray(changes) ? changes : [entry]
    return list.length > 0 && list.every(isChange) ? (entry as JournalEntry) : null
  } catch {
    return null
  }
}

function isChange(value: unknown): value is Change {
  if (typeof value !== 'object' || value === null) return false
  const { collection, record, id, set, deleted } = value as Record<string, unknown>
  if (typeof collection !== 'string' || !(collections as readonly string[]).includes(collection)) return false
  if (record !== undefined) return typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string'
  if (typeof id !== 'string') return false
  return deleted === true || (typeof set === 'object' && set !== null && !Array.isArray(set))
}

/** Each write is durable when it returns (O_DSYNC: as if followed by `fdatasync`). */
const writeDurably = constants.O_WRONLY | constants.O_CREAT | constants.O_DSYNC

interface Pending {
  entry: JournalEntry | null
  resolve: () => void
  reject: (error: Error) => void
}

/**
 * The append side of the journal, with group commit: the entries that arrive while a group is being
 * written, and those of the loop's turn that starts one (setImmediate), form the next group, written
 * and made durable with one `write` (O_DSYNC) through libuv's thread pool, so requests keep being
 * read meanwhile. One trip, not two (a write, then an fdatasync): each trip's completion waits for a
 * turn of a loop busy with everyone else's requests (docs/performance.md). A synchronous write at the
 * end of the turn (Redis's `appendfsync always`) measured no better and stops the loop while the disk is slow.
 * `onCommit` sees each group after its write and before any of its promises resolve, so a record is
 * visible to readers exactly when it is durable.
 */
export class JournalWriter {
  private queue: Pending[] = []
  private flushing: Promise<void> | null = null
  private handle: FileHandle
  private seq: number
  private committedSeq: number
  private rotation: { oldFile: string; done: (lastSeq: number) => void; fail: (error: Error) => void } | null = null
  /** Bytes of entries in the current journal file: where the next group is written. */
  size: number
  /** Set when a write or fsync failed: nothing after it can be trusted to be on disk. */
  failure: Error | null = null

  private constructor(
    private readonly file: string,
    handle: FileHandle,
    size: number,
    lastSeq: number,
    private readonly onCommit: (entries: JournalEntry[]) => void,
  ) {
    this.handle = handle
    this.size = size
    this.seq = lastSeq
    this.committedSeq = lastSeq
  }

  static async open(file: string, lastSeq: number, onCommit: (entries: JournalEntry[]) => void): Promise<JournalWriter> {
    // The owner's only (0600): the records hold visitors' names, emails and messages. A journal an
    // older version created 0644 is narrowed too.
    const handle = await open(file, writeDurably, 0o600)
    await handle.chmod(0o600)
    await fsyncDirOf(file)
    // The store folds any journal into the snapshot before it opens one, so this is an empty file or an
    // earlier version's with zeros only (readJournal), which go; its entries, if any, are kept.
    const { bytes } = await readJournal(file)
    await handle.truncate(bytes)
    return new JournalWriter(file, handle, bytes, lastSeq, onCommit)
  }

  /** Resolves once the record is on disk. */
  append(entry: Change | { changes: Change[] }): Promise<void> {
    return this.enqueue({ ...entry, seq: ++this.seq })
  }

  /** Resolves after the next group commit: a reply that must take as long as a write. */
  barrier(): Promise<void> {
    return this.enqueue(null)
  }

  private enqueue(entry: JournalEntry | null): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, resolve, reject })
      this.flushing ??= this.flushAtEndOfTurn()
    })
  }

  private async flushAtEndOfTurn(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve))
    await this.flushAll()
  }

  /**
   * Between two groups, renames the journal to `oldFile` and starts a new one; `capture` runs in that
   * same instant, when memory holds exactly the entries up to the returned seq. With `oldFile` still
   * present (an earlier compaction failed) it does not rotate, and only captures.
   */
  rotate(oldFile: string, capture: (lastSeq: number) => void): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.rotation = {
        oldFile,
        done: (lastSeq) => {
          capture(lastSeq)
          resolve(lastSeq)
        },
        fail: reject,
      }
      this.flushing ??= this.flushAll()
    })
  }

  private async flushAll(): Promise<void> {
    while (this.queue.length > 0 || this.rotation) {
      if (this.rotation) await this.rotateNow(this.rotation)
      if (this.queue.length > 0) await this.flushGroup(this.queue.splice(0))
    }
    this.flushing = null
  }

  private async flushGroup(group: Pending[]): Promise<void> {
    const entries = group.flatMap((pending) => (pending.entry ? [pending.entry] : []))
    try {
      if (this.failure) throw this.failure
      if (entries.length > 0) {
        const bytes = Buffer.from(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''))
        // Durable on return (writeDurably).
        for (let written = 0; written < bytes.length; )
          written += (await this.handle.write(bytes, written, bytes.length - written, this.size + written)).bytesWritten
        this.size += bytes.length
      } else {
        // A barrier alone: as long as a commit takes.
        await this.handle.datasync()
      }
    } catch (error) {
      this.failure ??= error as Error
      for (const pending of group) pending.reject(this.failure)
      return
    }
    const last = entries.at(-1)
    if (last) this.committedSeq = last.seq
    this.onCommit(entries)
    for (const pending of group) pending.resolve()
  }

  private async rotateNow(rotation: NonNullable<JournalWriter['rotation']>): Promise<void> {
    this.rotation = null
    try {
      if (this.failure) throw this.failure
      const oldExists = await stat(rotation.oldFile).then(
        () => true,
        (error) => (isMissing(error) ? false : Promise.reject(error)),
      )
      if (!oldExists) {
        await this.handle.close()
        await rename(this.file, rotation.oldFile)
        this.handle = await open(this.file, writeDurably, 0o600)
        this.size = 0
        await fsyncDirOf(this.file)
      }
      rotation.done(this.committedSeq)
    } catch (error) {
      this.failure ??= error as Error
      rotation.fail(error as Error)
    }
  }

  /** Waits for every queued entry, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing
    await this.handle.close()
  }
}
