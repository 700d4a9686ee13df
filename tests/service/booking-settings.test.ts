import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { startService } from '../../forms-service/service.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { tempDir, testServiceOptions } from './helpers.js'

async function contentWith(file: string, change: (text: string) => string): Promise<string> {
  const dir = path.join(tempDir(), 'content')
  await fs.cp(fixtureContentDir, dir, { recursive: true })
  await fs.writeFile(path.join(dir, file), change(await fs.readFile(path.join(dir, file), 'utf8')))
  return dir
}

describe('booking settings at the service start', () => {
  it('are read from booking.json of the content, atOnce 1 unless set', async () => {
    const settings = await loadBookingSettings(fixtureContentDir)
    expect(settings.meetingMinutes).toBe(30)
    expect(settings.windows.morning).toEqual({ from: '09:00', to: '12:00' })
    const withoutAtOnce = await contentWith('booking.json', (text) => text.replace(/"atOnce": \d+,/, ''))
    expect((await loadBookingSettings(withoutAtOnce)).atOnce).toBe(1)
  })

  it('stop the start when booking.json is wrong, naming the file and the problem', async () => {
    const late = await contentWith('booking.json', (text) => text.replace('"from": "18:00", "to": "20:00"', '"from": "18:00", "to": "21:00"'))
    await expect(startService({ ...testServiceOptions, contentDir: late, dataFile: path.join(tempDir(), 'db.json') })).rejects.toThrow(
      /booking\.json: \/windows\/evening: the evening window \(18:00-21:00\) goes beyond what visitors are offered/,
    )
    const other = await contentWith('analysis.json', (text) => text.replace('"meetingLength": "30 minutes"', '"meetingLength": "1 hour"'))
    await expect(loadBookingSettings(other)).rejects.toThrow(/analysis\.json: \/meetingLength: must be "30 minutes"/)
    const shape = await contentWith('booking.json', (text) => text.replace('"meetingMinutes": 30', '"meetingMinutes": "30"'))
    await expect(loadBookingSettings(shape)).rejects.toThrow(/booking\.json: data\/meetingMinutes must be integer/)
  })
})
