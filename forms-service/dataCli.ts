// `npm run data:export [file]` and `npm run data:import <file>` (in the image:
// `node forms-service/build/forms-service/dataCli.js export|import …`): every record of the store the environment
// configures (DATABASE_URL, else DATA_FILE) out to, or in from, one JSON file in the embedded store's
// snapshot format. The way to move between the embedded store and PostgreSQL, and a
// backup. Sessions, guesses and rate-limit counts are not records and do not move.
import { writeFile } from 'node:fs/promises'
import { type Config, ConfigError, readConfig } from './config.js'
import { loadBookingSettings } from './booking/settings.js'
import { openPostgresStore } from './store/postgres/store.js'
import { collections, emptyData, type Data } from './store/records.js'
import { readSnapshot } from './store/snapshot.js'
import { openStore } from './store/store.js'

const [command, file] = process.argv.slice(2)
if ((command !== 'export' && command !== 'import') || (command === 'import' && !file)) {
  console.error('usage: npm run data:export [file.json]   |   npm run data:import <file.json>')
  process.exit(2)
}

let config: Config
try {
  config = readConfig(process.env)
} catch (error) {
  console.error(`data:${command}: ${error instanceof ConfigError ? error.message : String(error)}`)
  process.exit(1)
}
// Meetings are imported with the cells the content's booking settings give them.
const options = { compactJournalBytes: config.compactJournalBytes, booking: await loadBookingSettings(config.contentDir) }
const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : config.dataFile
const store = config.databaseUrl ? await openPostgresStore(config.databaseUrl, options) : await openStore(config.dataFile, options)
const count = (data: Data) => collections.map((name) => `${data[name].length} ${name}`).join(', ')
try {
  if (command === 'export') {
    const data = await store.exportData()
    const text = `${JSON.stringify({ format: 'forms-service/1', lastSeq: 0, ...data })}\n`
    if (file) {
      await writeFile(file, text, { mode: 0o600 })
      console.error(`Exported ${count(data)} from ${where} to ${file}`)
    } else process.stdout.write(text)
  } else {
    const snapshot = await readSnapshot(file!)
    const data = snapshot?.data ?? emptyData()
    await store.importData(data)
    console.error(`Imported ${count(data)} from ${file} into ${where}`)
  }
} catch (error) {
  console.error(`data:${command}: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await store.close()
}
