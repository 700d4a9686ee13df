import { writeFile } from 'node:fs/promises'
import { dataFileFormat, readSnapshot } from './embedded/snapshot.js'
import { emptyData, type Data } from './records.js'

/*
 * The file of `npm run data:export` and `data:import`: every record in one JSON document, in the
 * embedded store's data-file format with no journal to replay (`lastSeq` 0). An export is therefore
 * also a data file the embedded store opens as it is (the benchmarks seed theirs so), and reading one
 * checks every record as the embedded store's start does.
 */

export const exportText = (data: Data) => `${JSON.stringify({ format: dataFileFormat, lastSeq: 0, ...data })}\n`

/** Readable by its owner only: it holds every lead's personal data. */
export const writeExport = (file: string, data: Data) => writeFile(file, exportText(data), { mode: 0o600 })

/** The records of an export; none if there is no such file. */
export async function readExport(file: string): Promise<Data> {
  return (await readSnapshot(file))?.data ?? emptyData()
}
