import fs from 'node:fs/promises'
import path from 'node:path'
import { Ajv } from 'ajv'
import {
  bookingSettings,
  bookingSettingsProblems,
  bookingSettingsSchema,
  type BookingSettings,
  type BookingSettingsFile,
} from '../../contract/booking/booking.js'

const validate = new Ajv({ allErrors: true }).compile<BookingSettingsFile>(bookingSettingsSchema)

/** A content mistake of booking.json, one line each, as the build words them. */
export class BookingSettingsError extends Error {
  override name = 'BookingSettingsError'
}

/**
 * The booking settings of `content/booking.json`, read once at start and checked as the build checks
 * them (against site.json's opening hours and analysis.json's meeting length): a mistake stops the start.
 */
export async function loadBookingSettings(contentDir: string): Promise<BookingSettings> {
  const read = async (name: string): Promise<unknown> => JSON.parse(await fs.readFile(path.join(contentDir, name), 'utf8'))
  const file = path.join(contentDir, 'booking.json')
  const data = await read('booking.json')
  if (!validate(data)) throw new BookingSettingsError(`${file}: ${new Ajv().errorsText(validate.errors)}`)
  const settings = bookingSettings(data)
  const site = (await read('site.json')) as { openingHours?: { from: string; to: string } }
  const analysis = (await read('analysis.json')) as { meetingLength: string; meetingLengthAdjective: string }
  const problems = bookingSettingsProblems(settings, site.openingHours ?? { from: '00:00', to: '24:00' }, analysis)
  if (problems.length > 0)
    throw new BookingSettingsError(problems.map((problem) => `${path.join(contentDir, problem.file)}: ${problem.field}: ${problem.message}`).join('\n'))
  return settings
}
