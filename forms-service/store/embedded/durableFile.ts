import { stat, unlink } from 'node:fs/promises'
import type { Adapter } from 'lowdb'
import { JournalWriter, readJournal } from './journal.js'
import { emptyData, type Data } from '../records.js'
import { dataFormatVersion, readSnapshot, writeSnapshot } from './snapshot.js'
import { fsyncDirOf, isMissing } from '../files.js'
import { Tables } from './tables.js'

/** Where a data file's companions live: `db.json` -> `db.json.journal`, `db.json.journal.old`, `db.json.lock`. */
export const journalFileOf = (dataFile: string) => `${dataFile}.journal`
export const oldJournalFileOf = (dataFile: string) => `${dataFile}.journal.old`
export const lockFileOf = (dataFile: string) => `${dataFile}.lock`

/**
 * lowdb's adapter for a snapshot plus journal. `read` restores snapshot + journal(s); `write` folds
 * the journal into a new snapshot (compaction); single changes go through `journal.append`, which only
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
  private current: Tables | null = null
  /** Lines that a crash had cut short, ignored by the last `read`. */
  tornTail = false
  /** The bytes of entries the last `read` found in the journals: what a start folds into the snapshot. */
  journalBytes = 0
  /** The snapshot's size, as read or last written. */
  snapshotBytes = 0

  constructor(readonly file: string) {}

  async read(): Promise<Data> {
    const snapshot = await readSnapshot(this.file)
    this.snapshotBytes = snapshot ? (await stat(this.file)).size : 0
    const tables = new Tables(snapshot?.data ?? emptyData())
    this.lastSeq = snapshot?.lastSeq ?? 0
    // A new file, or one in an earlier format: the start writes it in this version's format first.
    this.journalsPresent = snapshot === null || snapshot.format < dataFormatVersion
    for (const journal of [oldJournalFileOf(this.file), journalFileOf(this.file)]) {
      const { entries, tornTail, bytes } = await readJournal(journal)
      this.tornTail ||= tornTail
      this.journalBytes += bytes
      for (const entry of entries) {
        // An entry the snapshot already holds, or a line written twice, is applied once.
        if (entry.seq <= this.lastSeq) continue
        tables.apply([entry])
        this.lastSeq = entry.seq
      }
      this.journalsPresent ||= entries.length > 0 || tornTail
    }
    this.current = tables
    return tables.data
  }

  /** The data of the last `read`, indexed; the journal applies every commit to it. */
  get tables(): Tables {
    if (!this.current) throw new Error('the data file has not been read')
    return this.current
  }

  /**
   * Compaction. At start-up (before `openJournal`) it writes everything and removes the journals; while
   * running it first switches appends to a fresh journal, then writes what memory held at that instant.
   */
  async write(data: Data): Promise<void> {
    if (!this.writer) {
      if (!this.journalsPresent) return
      this.snapshotBytes = await writeSnapshot(this.file, data, this.lastSeq)
      await removeJournals([oldJournalFileOf(this.file), journalFileOf(this.file)])
      this.journalsPresent = false
      return
    }
    let copy = this.tables.copy()
    const lastSeq = await this.writer.rotate(oldJournalFileOf(this.file), () => {
      copy = this.tables.copy()
    })
    this.snapshotBytes = await writeSnapshot(this.file, copy, lastSeq)
    await removeJournals([oldJournalFileOf(this.file)])
  }

  async openJournal(): Promise<void> {
    const tables = this.tables
    this.writer = await JournalWriter.open(journalFileOf(this.file), this.lastSeq, (entries) => tables.apply(entries))
  }

  get journal(): JournalWriter {
    if (!this.writer) throw new Error('the journal is not open')
    return this.writer
  }

  async close(): Promise<void> {
    await this.writer?.close()
  }
}

async function removeJournals(files: string[]): Promise<void> {
  for (const file of files) await unlink(file).catch((error) => (isMissing(error) ? undefined : Promise.reject(error)))
  await fsyncDirOf(files[0]!)
}
