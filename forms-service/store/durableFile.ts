import { unlink } from 'node:fs/promises'
import type { Adapter } from 'lowdb'
import { JournalWriter, readJournal } from './journal.js'
import { collections, emptyData, type Data, type JournalEntry } from './records.js'
import { readSnapshot, writeSnapshot, type Lengths } from './snapshot.js'
import { fsyncDirOf, isMissing } from './files.js'

/** Where a data file's companions live: `db.json` -> `db.json.journal`, `db.json.journal.old`, `db.json.lock`. */
export const journalFileOf = (dataFile: string) => `${dataFile}.journal`
export const oldJournalFileOf = (dataFile: string) => `${dataFile}.journal.old`
export const lockFileOf = (dataFile: string) => `${dataFile}.lock`

export const applyEntries = (data: Data, entries: readonly JournalEntry[]) => {
  for (const entry of entries) (data[entry.collection] as unknown[]).push(entry.record)
}

/**
 * lowdb's adapter for a snapshot plus journal. `read` restores snapshot + journal(s); `write` folds
 * the journal into a new snapshot (compaction); single records go through `append`, which only
 * appends to the journal. Unlike lowdb's stock file adapter it fsyncs, and it never rewrites the
 * whole file per record.
 *
 * Files: the snapshot `DATA_FILE`, the journal being appended to, and, during a compaction, the
 * journal it is folding in (`.old`). Every entry carries a seq and the snapshot records the last seq
 * it holds, so a crash between writing a snapshot and removing a journal replays nothing twice.
 */
export class DurableFile implements Adapter<Data> {
  private writer: JournalWriter | null = null
  private lastSeq = 0
  private journalsPresent = false
  /** Lines that a crash had cut short, ignored by the last `read`. */
  tornTail = false

  constructor(
    readonly file: string,
    private readonly onCommit: (entries: JournalEntry[]) => void,
  ) {}

  async read(): Promise<Data> {
    const snapshot = await readSnapshot(this.file)
    const data = snapshot?.data ?? emptyData()
    this.lastSeq = snapshot?.lastSeq ?? 0
    this.journalsPresent = snapshot === null
    for (const journal of [oldJournalFileOf(this.file), journalFileOf(this.file)]) {
      const { entries, tornTail } = await readJournal(journal)
      this.tornTail ||= tornTail
      const fresh = entries.filter((entry) => entry.seq > this.lastSeq && collections.includes(entry.collection))
      applyEntries(data, fresh)
      this.lastSeq = Math.max(this.lastSeq, ...fresh.map((entry) => entry.seq))
      this.journalsPresent ||= entries.length > 0 || tornTail
    }
    return data
  }

  /**
   * Compaction. At start-up (before `openJournal`) it writes everything and removes the journals; while
   * running it first switches appends to a fresh journal, then writes what memory held at that instant.
   */
  async write(data: Data): Promise<void> {
    if (!this.writer) {
      if (!this.journalsPresent) return
      await writeSnapshot(this.file, data, lengthsOf(data), this.lastSeq)
      await removeJournals([oldJournalFileOf(this.file), journalFileOf(this.file)])
      this.journalsPresent = false
      return
    }
    let lengths = lengthsOf(data)
    const lastSeq = await this.writer.rotate(oldJournalFileOf(this.file), () => {
      lengths = lengthsOf(data)
    })
    await writeSnapshot(this.file, data, lengths, lastSeq)
    await removeJournals([oldJournalFileOf(this.file)])
  }

  async openJournal(): Promise<void> {
    this.writer = await JournalWriter.open(journalFileOf(this.file), this.lastSeq, this.onCommit)
  }

  get journal(): JournalWriter {
    if (!this.writer) throw new Error('the journal is not open')
    return this.writer
  }

  async close(): Promise<void> {
    await this.writer?.close()
  }
}

function lengthsOf(data: Data): Lengths {
  return { consultations: data.consultations.length, contacts: data.contacts.length, newsletterSubscribers: data.newsletterSubscribers.length }
}

async function removeJournals(files: string[]): Promise<void> {
  for (const file of files) await unlink(file).catch((error) => (isMissing(error) ? undefined : Promise.reject(error)))
  await fsyncDirOf(files[0]!)
}
