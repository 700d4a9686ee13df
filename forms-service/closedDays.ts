import fs from 'node:fs/promises'
import path from 'node:path'
import { Ajv } from 'ajv'
import type { ClosedDays } from '../contract/booking/consultationDates.js'
import { followContent } from './followedContent.js'

// Only what the service uses: site/content/schemas.ts checks the whole file for the site build, and the
// service must not import from site/.
const closedDaysSchema = {
  type: 'array',
  items: { type: 'object', required: ['date'], properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, name: { type: 'string' } } },
} as const
const validate = new Ajv({ allErrors: true }).compile<{ date: string; name?: string }[]>(closedDaysSchema)

/** Date -> name ('' for a day without one). */
function parse(text: string, file: string): Map<string, string> {
  const data: unknown = JSON.parse(text)
  if (!validate(data)) throw new Error(`${file}: ${new Ajv().errorsText(validate.errors)}`)
  return new Map(data.map((day) => [day.date, day.name ?? '']))
}

/**
 * The days the agency is closed, from `content/closed-days.json`: the service refuses a consultation on one
 * of them, as the browser never offers it. A missing or malformed file stops the start, as the email
 * templates do. Afterwards the file is followed (followedContent.ts): a day an editor adds (in a content
 * folder mounted into the container, docs/operators.md) counts within a second, without a
 * restart; a broken save is reported to `onReloadError` once and the last good list stays.
 */
export async function loadClosedDays(contentDir: string, onReloadError: (error: Error) => void = () => {}): Promise<ClosedDays & { stop(): void }> {
  const file = path.join(contentDir, 'closed-days.json')
  const days = await followContent([file], async () => parse(await fs.readFile(file, 'utf8'), file), onReloadError)
  return {
    includes: (date) => days.current.has(date),
    nameOf: (date) => days.current.get(date) || undefined,
    stop: days.stop,
  }
}
