// The `{{…}}` placeholders of the content, one table for the site's Markdown pages and the emails:
// the figures and the agency's identity live in one JSON file each (site.json, analysis.json).

/** `{{ name }}`; names may have dots (`site.email`). */
export const placeholderPattern = /\{\{\s*([\w.]+)\s*\}\}/g

/** The fields of site.json and analysis.json the placeholders read. */
export interface PlaceholderSources {
  site: { name: string; email: string; phone: string; hours?: string; retentionMonths?: number; address: { locality: string; region: string } }
  analysis: { meetingLength: string; meetingLengthAdjective: string; reportWithin: string; format: string }
}

const table = {
  'site.name': ({ site }: PlaceholderSources) => site.name,
  'site.email': ({ site }: PlaceholderSources) => site.email,
  'site.phone': ({ site }: PlaceholderSources) => site.phone,
  'site.city': ({ site }: PlaceholderSources) => `${site.address.locality}, ${site.address.region}`,
  'site.hours': ({ site }: PlaceholderSources) => site.hours,
  'site.retentionMonths': ({ site }: PlaceholderSources) => (site.retentionMonths === undefined ? undefined : String(site.retentionMonths)),
  'analysis.meetingLength': ({ analysis }: PlaceholderSources) => analysis.meetingLength,
  'analysis.meetingLengthAdjective': ({ analysis }: PlaceholderSources) => analysis.meetingLengthAdjective,
  'analysis.reportWithin': ({ analysis }: PlaceholderSources) => analysis.reportWithin,
  'analysis.format': ({ analysis }: PlaceholderSources) => analysis.format,
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
