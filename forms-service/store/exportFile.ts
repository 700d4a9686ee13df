import { writeFile } from 'node:fs/promises'
import { dataFileFormat, readSnapshot } from './embedded/snapshot.js'
import type { FormStore } from './formStore.js'
import { emptyData, type Data } from './records.js'

/*
 * The file of `npm run data:export` and `data:import`: every record in one JSON document, in the
 * embedded store's data-file format with no journal to replay (`lastSeq` 0). An export is therefore
 * also a data file the embedded store opens as it is (the benchmarks seed theirs so), and reading one
 * checks every record as the embedded store's start does.
 */

/** What a restore needs beside the records: the calendar feed's secret, so the agency's calendar keeps its address. */
export interface Backup {
  data: Data
  calendarFeedSecret?: string
}

export const exportText = (data: Data, calendarFeedSecret?: string) =>
  `${JSON.stringify({ format: dataFileFormat, lastSeq: 0, ...(calendarFeedSecret ? { calendarFeedSecret } : {}), ...data })}\n`

/** Readable by its owner only: it holds every lead's personal data. */
export const writeExport = (file: string, data: Data, calendarFeedSecret?: string) => writeFile(file, exportText(data, calendarFeedSecret), { mode: 0o600 })

/** The records of an export; none if there is no such file. */
export async function readExport(file: string): Promise<Data> {
  return (await readBackup(file)).data
}

/** The records of an export and what else it keeps; none if there is no such file. */
export async function readBackup(file: string): Promise<Backup> {
  const snapshot = await readSnapshot(file)
  if (!snapshot) return { data: emptyData() }
  return { data: snapshot.data, ...(snapshot.calendarFeedSecret ? { calendarFeedSecret: snapshot.calendarFeedSecret } : {}) }
}

/** Everything a restore needs, from a store that keeps taking records meanwhile (each store's exportData is one consistent snapshot). */
export async function takeBackup(store: FormStore): Promise<Backup> {
  const data = await store.exportData()
  return { data, calendarFeedSecret: await store.calendarFeedSecret(false) }
}

/** Into an empty store only (importData refuses another). */
export async function restoreBackup(store: FormStore, backup: Backup): Promise<void> {
  await store.importData(backup.data)
  if (backup.calendarFeedSecret) await store.restoreCalendarFeedSecret(backup.calendarFeedSecret)
}
