// `npm run data:export [file]` and `npm run data:import <file>` (in the image:
// `node forms-service/build/forms-service/dataCli.js export|import …`): every record of the store the environment
// configures (DATABASE_URL, else DATA_FILE) out to, or in from, one JSON file (store/exportFile.ts).
// The way to move between the embedded store and PostgreSQL, and a backup. Sessions, guesses and rate-limit counts are not records and do not move.
import { type Config, ConfigError, readConfig } from './config.js'
import { loadBookingSettings } from './booking/settings.js'
import { DataFileInUseError } from './store/embedded/lock.js'
import { exportText, readExport, writeExport } from './store/exportFile.js'
import { collections, type Data } from './store/records.js'
import { openStore, storeName } from './store/store.js'

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
const where = storeName(config)
// Meetings are imported with the cells the content's booking settings give them.
const store = await openStore(config, { booking: await loadBookingSettings(config.contentDir) }).catch((error: Error) => {
  // A running service holds the data file (one writer); reading it beside that writer could catch a
  // compaction half-way, so the answer is one line saying what to do instead.
  const reason =
    error instanceof DataFileInUseError
      ? `the data file is in use by a running service${error.pid ? ` (pid ${error.pid})` : ''}; stop it first, or copy ${config.dataFile} and ${config.dataFile}.journal together`
      : error.message
  console.error(`data:${command}: ${reason}`)
  process.exit(1)
})
const count = (data: Data) => collections.map((name) => `${data[name].length} ${name}`).join(', ')
try {
  if (command === 'export') {
    const data = await store.exportData()
    if (file) {
      await writeExport(file, data)
      console.error(`Exported ${count(data)} from ${where} to ${file}`)
    } else process.stdout.write(exportText(data))
  } else {
    const data = await readExport(file!)
    await store.importData(data)
    console.error(`Imported ${count(data)} from ${file} into ${where}`)
  }
} catch (error) {
  console.error(`data:${command}: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await store.close()
}
