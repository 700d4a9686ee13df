import fs from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import type { ClosedDays } from '../contract/consultationDates.js'

// Only what the service uses: site/content/schemas.ts checks the whole file for the site build, and the
// service must not import from site/.
const closedDaysSchema = {
  type: 'array',
  items: { type: 'object', required: ['date'], properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, name: { type: 'string' } } },
} as const
const validate = new Ajv({ allErrors: true }).compile<{ date: string; name?: string }[]>(closedDaysSchema)

/** How often, at most, a question looks at the file's modification time. */
const LOOK_EVERY_MS = 1000

/** Date -> name ('' for a day without one). */
function parse(text: string, file: string): Map<string, string> {
  const data: unknown = JSON.parse(text)
  if (!validate(data)) throw new Error(`${file}: ${new Ajv().errorsText(validate.errors)}`)
  return new Map(data.map((day) => [day.date, day.name ?? '']))
}

/**
 * The days the agency is closed, from `content/closed-days.json`: the service refuses a consultation on one
 * of them, as the browser never offers it. A missing or malformed file stops the start, as the email
 * templates do. Afterwards the file is followed: a day an editor adds (in a content folder mounted into the
 * container, docs/operators.md) counts within a second, without a restart; a broken save is reported
 * to `onReloadError` once and the last good list stays.
 */
export async function loadClosedDays(contentDir: string, onReloadError: (error: unknown) => void = () => {}): Promise<ClosedDays> {
  const file = path.join(contentDir, 'closed-days.json')
  let modified = (await fs.promises.stat(file)).mtimeMs
  let days = parse(await fs.promises.readFile(file, 'utf8'), file)
  let lookedAt = Date.now()
  const follow = () => {
    if (Date.now() - lookedAt < LOOK_EVERY_MS) return
    lookedAt = Date.now()
    try {
      const { mtimeMs } = fs.statSync(file)
      if (mtimeMs === modified) return
      // Before reading: a broken save is reported once, and read again only once it changes again.
      modified = mtimeMs
      days = parse(fs.readFileSync(file, 'utf8'), file)
    } catch (error) {
      onReloadError(error)
    }
  }
  return {
    includes(date) {
      follow()
      return days.has(date)
    },
    nameOf(date) {
      follow()
      return days.get(date) || undefined
    },
  }
}
