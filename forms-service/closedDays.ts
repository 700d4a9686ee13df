import fs from 'node:fs/promises'
import path from 'node:path'
import { Ajv } from 'ajv'
import type { ClosedDays } from '../contract/consultationDates.js'

// Only what the service uses: site/content/schemas.ts checks the whole file for the site build, and the
// service must not import from site/.
const closedDaysSchema = {
  type: 'array',
  items: { type: 'object', required: ['date'], properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } },
} as const
const validate = new Ajv({ allErrors: true }).compile<{ date: string }[]>(closedDaysSchema)

/**
 * The days the agency is closed, from `content/closed-days.json`, read once at start: the service refuses
 * a consultation on one of them, as the browser never offers it. A missing or malformed file stops the
 * start, as the email templates do.
 */
export async function loadClosedDays(contentDir: string): Promise<ClosedDays> {
  const file = path.join(contentDir, 'closed-days.json')
  const data: unknown = JSON.parse(await fs.readFile(file, 'utf8'))
  if (!validate(data)) throw new Error(`${file}: ${new Ajv().errorsText(validate.errors)}`)
  return data.map((day) => day.date)
}
