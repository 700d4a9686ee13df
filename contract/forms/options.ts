/** An option of a select field: `value` is what the form sends, `label` what a visitor reads. */
export interface Option<V extends string = string> {
  readonly value: V
  readonly label: string
}

/** The values of an option list as a literal tuple, usable as a JSON Schema `enum`. */
export function optionValues<const T extends readonly Option[]>(options: T): { -readonly [K in keyof T]: T[K]['value'] } {
  return options.map((option) => option.value) as { -readonly [K in keyof T]: T[K]['value'] }
}

/** What a visitor reads for a value a form sent: labelOf(timeSlots, 'morning') is 'Morning (9AM-12PM)'; an unknown value is itself. */
export const labelOf = (options: readonly Option[], value: string): string => options.find((option) => option.value === value)?.label ?? value

// The choices the forms offer.
export const consultationServices = [
  { value: 'website-design', label: 'Website Design' },
  { value: 'app-design', label: 'App Design' },
  { value: 'digital-marketing', label: 'Digital Marketing' },
  { value: 'automation', label: 'Automation Creation' },
  { value: 'ai-agents', label: 'AI Agents' },
] as const satisfies readonly Option[]

export const contactServices = [
  { value: 'website', label: 'Website Design' },
  { value: 'app', label: 'App Design' },
  { value: 'digital-marketing', label: 'Digital Marketing' },
  { value: 'automation', label: 'Automation Creation' },
  { value: 'ai-agents', label: 'AI Agents' },
] as const satisfies readonly Option[]

export const timeSlots = [
  { value: 'morning', label: 'Morning (9AM-12PM)' },
  { value: 'afternoon', label: 'Afternoon (1PM-5PM)' },
  { value: 'evening', label: 'Evening (6PM-8PM)' },
] as const satisfies readonly Option[]
