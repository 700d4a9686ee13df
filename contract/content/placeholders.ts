import { campaignTags } from '../wire/source.js'

// The `{{…}}` placeholders of the content, one table for the site's Markdown pages, the emails and the
// words of ui.json: the figures and the agency's identity live in one JSON file each (site.json,
// analysis.json), the booking's zone in contract/booking/booking.ts.
import { bookingZoneLabel, bookingZoneName } from '../booking/booking.js'

/** `{{ name }}`; names may have dots (`site.email`). */
export const placeholderPattern = /\{\{\s*([\w.]+)\s*\}\}/g

/** The fields of site.json and analysis.json the placeholders read. */
export interface PlaceholderSources {
  site: {
    name: string
    email: string
    phone: string
    hours?: string
    retentionMonths?: number
    answerWithinHours?: number
    address: { locality: string; region: string }
  }
  analysis: { meetingLength: string; meetingLengthAdjective: string; reportWithin: string; format: string }
}

/**
 * The privacy policy's sentence on where a lead comes from (`{{privacy.leadSource}}`), from contract/wire/source.ts's
 * parts, so that it says what the code keeps. Here, not there: the pages that send forms load that file.
 */
const leadSourcePrivacy =
  'With each form we keep where the visit came from, to learn which pages and campaigns bring enquiries: the page the form was sent from, ' +
  'the first page of the visit, the name of the site that linked to it (such as google.com, never the full address) and the campaign tags of ' +
  `its address (${campaignTags.join(', ')}). Your browser keeps these in session storage for the visit only and forgets them when the tab is ` +
  'closed; we use no cookies and no tracker for this, and we keep them with the form for as long as we keep the form.'

const table = {
  'site.name': ({ site }: PlaceholderSources) => site.name,
  'site.email': ({ site }: PlaceholderSources) => site.email,
  'site.phone': ({ site }: PlaceholderSources) => site.phone,
  'site.city': ({ site }: PlaceholderSources) => `${site.address.locality}, ${site.address.region}`,
  'site.hours': ({ site }: PlaceholderSources) => site.hours,
  'site.retentionMonths': ({ site }: PlaceholderSources) => (site.retentionMonths === undefined ? undefined : String(site.retentionMonths)),
  'site.answerWithinHours': ({ site }: PlaceholderSources) => (site.answerWithinHours === undefined ? undefined : String(site.answerWithinHours)),
  'analysis.meetingLength': ({ analysis }: PlaceholderSources) => analysis.meetingLength,
  'analysis.meetingLengthAdjective': ({ analysis }: PlaceholderSources) => analysis.meetingLengthAdjective,
  'analysis.reportWithin': ({ analysis }: PlaceholderSources) => analysis.reportWithin,
  'analysis.format': ({ analysis }: PlaceholderSources) => analysis.format,
  'booking.zone': () => bookingZoneName,
  'booking.zoneLabel': () => bookingZoneLabel,
  // What a form keeps of where the visit came from, as the code keeps it: the privacy policy cannot drift from it.
  'privacy.leadSource': () => leadSourcePrivacy,
} as const

export type ContentPlaceholder = keyof typeof table
export const contentPlaceholders = Object.keys(table) as ContentPlaceholder[]

/** Every placeholder's text for this content: { 'site.city': 'Dallas, TX', … }; without `hours` (optional on the site), no {{site.hours}}. */
export function placeholderValues(sources: PlaceholderSources & { site: { hours: string } }): Record<ContentPlaceholder, string>
export function placeholderValues(sources: PlaceholderSources): Partial<Record<ContentPlaceholder, string>>
export function placeholderValues(sources: PlaceholderSources): Partial<Record<ContentPlaceholder, string>> {
  const values: Partial<Record<ContentPlaceholder, string>> = {}
  for (const name of contentPlaceholders) {
    const value = table[name](sources)
    if (value !== undefined) values[name] = value
  }
  return values
}

/**
 * `value` (a string, or arrays and objects of them: ui.json) with its `{{placeholders}}` filled from
 * `values`; an unknown one is left as written and reported with the JSON pointer of its field.
 */
export function fillPlaceholders<T>(value: T, values: Partial<Record<string, string>>, unknown: (name: string, field: string) => void = () => {}): T {
  const fill = (item: unknown, field: string): unknown => {
    if (typeof item === 'string')
      return item.replace(placeholderPattern, (match, name: string) => {
        const filled = values[name]
        if (filled !== undefined) return filled
        unknown(name, field)
        return match
      })
    if (Array.isArray(item)) return item.map((entry, i) => fill(entry, `${field}/${i}`))
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, fill(entry, `${field}/${key}`)]))
    return item
  }
  return fill(value, '') as T
}
