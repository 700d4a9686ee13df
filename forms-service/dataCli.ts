// `npm run data:export [file]` and `npm run data:import <file>` (in the image:
// `node forms-service/build/forms-service/dataCli.js export|import …`): every record of the store the environment
// configures (DATABASE_URL, else DATA_FILE) out to, or in from, one JSON file (store/exportFile.ts), with
// the calendar feed's secret, so a restore keeps the agency's calendar address.
// `data:export [file] --from http://127.0.0.1:8080` takes the backup from a running service instead
// (GET /api/admin/backup, with API_TOKEN from the environment, a token with the backup scope): the embedded store has one writer, and
// this needs neither the admin password nor mail settings.
// The way to move between the embedded store and PostgreSQL, and a backup. Sessions, guesses and rate-limit counts are not records and do not move.
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { adminApi } from '../contract/wire/adminApi.js'
import { type Config, ConfigError, readConfig } from './config.js'
import { loadBookingSettings } from './booking/settings.js'
import { DataFileInUseError } from './store/embedded/lock.js'
import { exportText, readBackup, restoreBackup, takeBackup, writeExport } from './store/exportFile.js'
import { collections, type Data } from './store/records.js'
import { openStore, storeName } from './store/store.js'

const usage = 'usage: npm run data:export [file.json] [--from http://host:port]   |   npm run data:import <file.json>'
const parseOptions = () => parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { from: { type: 'string' } } })
let parsed: ReturnType<typeof parseOptions>
try {
  parsed = parseOptions()
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`)
  process.exit(2)
}
const [command, file] = parsed.positionals
const from = parsed.values.from
if ((command !== 'export' && command !== 'import') || (command === 'import' && (!file || from))) {
  console.error(usage)
  process.exit(2)
}

if (from) await exportFrom(from, file)
else await local(command)

/** The backup of a running service, written whole or not at all (a half file is no backup). */
async function exportFrom(service: string, file: string | undefined): Promise<void> {
  const token = process.env.API_TOKEN?.trim()
  if (!token) {
    console.error('data:export --from: set API_TOKEN to an API token the admin made with the backup scope (Admin › API tokens)')
    process.exit(1)
  }
  let text: string
  try {
    const response = await fetch(new URL(adminApi.backup.path, service), { headers: { Authorization: `Bearer ${token}` } })
    text = await response.text()
    if (!response.ok) throw new Error(`${service} answered ${response.status}: ${text.slice(0, 200)}`)
  } catch (error) {
    console.error(`data:export: ${(error as Error).message}`)
    process.exit(1)
  }
  if (file) {
    await writeFile(file, text, { mode: 0o600 })
    console.error(`Exported the backup of ${service} to ${file}`)
  } else process.stdout.write(text)
}

async function local(command: 'export' | 'import'): Promise<void> {
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
        ? `the data file is in use by a running service${error.pid ? ` (pid ${error.pid})` : ''}; take the backup through it (data:export --from http://127.0.0.1:${config.port} with API_TOKEN set), or stop it first`
        : error.message
    console.error(`data:${command}: ${reason}`)
    process.exit(1)
  })
  const count = (data: Data) => collections.map((name) => `${data[name].length} ${name}`).join(', ')
  try {
    if (command === 'export') {
      const { data, calendarFeedSecret } = await takeBackup(store)
      if (file) {
        await writeExport(file, data, calendarFeedSecret)
        console.error(`Exported ${count(data)} from ${where} to ${file}`)
      } else process.stdout.write(exportText(data, calendarFeedSecret))
    } else {
      const backup = await readBackup(file!)
      await restoreBackup(store, backup)
      console.error(`Imported ${count(backup.data)} from ${file} into ${where}`)
    }
  } catch (error) {
    console.error(`data:${command}: ${(error as Error).message}`)
    process.exitCode = 1
  } finally {
    await store.close()
  }
}
