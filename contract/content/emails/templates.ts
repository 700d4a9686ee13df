import fs from 'node:fs/promises'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import matter from 'gray-matter'
import type { FromSchema } from 'json-schema-to-ts'
import { didYouMean, jsonMistake, lineAt, malformedPlaceholders, mistakeText, nearest, yamlMistake } from '../editorMessages.js'
import { contentPlaceholders, placeholderPattern, placeholderValues, type ContentPlaceholder } from '../placeholders.js'
import { ContentProblems, EmailContentError } from '../problems.js'
import { describe } from './problems.js'
import { emailNames, emailTable, emailTemplateTable, listPlaceholders, requiredPlaceholders, type EmailName, type FieldKind } from './templateTable.js'

export { EmailContentError }

export { placeholderPattern }

// Only the fields the emails use: site/content/schemas.ts checks the whole files for the site build,
// and the service must not import from site/.
const text = { type: 'string', minLength: 1 } as const
const oneLine = { type: 'string', minLength: 1, pattern: '^[^\\r\\n]*$' } as const
const siteSchema = {
  type: 'object',
  required: ['name', 'lang', 'email', 'phone', 'hours', 'address', 'retentionMonths', 'answerWithinHours'],
  properties: {
    name: oneLine,
    // The service erases requests and messages older than this (forms-service/retention.ts).
    retentionMonths: { type: 'integer', minimum: 1, maximum: 120 },
    // The promise to answer a lead, and when a New one is overdue (contract/wire/inbox.ts).
    answerWithinHours: { type: 'integer', minimum: 1, maximum: 720 },
    lang: text,
    email: oneLine,
    phone: oneLine,
    hours: oneLine,
    address: { type: 'object', required: ['locality', 'region'], properties: { locality: text, region: text } },
  },
} as const
const analysisSchema = {
  type: 'object',
  required: ['meetingLength', 'meetingLengthAdjective', 'reportWithin', 'format'],
  properties: { meetingLength: text, meetingLengthAdjective: text, reportWithin: text, format: text },
} as const
export type SiteIdentity = FromSchema<typeof siteSchema>
type Analysis = FromSchema<typeof analysisSchema>

export interface EmailTemplate {
  /** As errors name it: 'content/emails/newsletter-welcome.md'. */
  file: string
  subject: string
  /** The other front-matter fields its row of the table declares (the calendar entry's title...). */
  fields: Record<string, string>
  /** Markdown with placeholders. */
  body: string
}

export interface EmailTemplates {
  templates: Record<EmailName, EmailTemplate>
  /** 'analysis.meetingLength' -> '30 minutes', and so on. */
  content: Record<ContentPlaceholder, string>
  site: SiteIdentity
}

const ajv = new Ajv({ allErrors: true })
const validateSite = ajv.compile<SiteIdentity>(siteSchema)
const validateAnalysis = ajv.compile<Analysis>(analysisSchema)
const fieldSchemas: Record<FieldKind, object> = { line: oneLine, text }
const validateFrontMatter = emailTable((name) => {
  const fields = Object.entries(emailTemplateTable[name].fields)
  return ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['subject', ...fields.map(([field]) => field)],
    properties: { subject: oneLine, ...Object.fromEntries(fields.map(([field, kind]) => [field, fieldSchemas[kind]])) },
  })
})

/** Reads and checks `content/emails/*.md`, site.json and analysis.json; throws EmailContentError. */
export async function loadEmailTemplates(contentDir: string): Promise<EmailTemplates> {
  const problems = new ContentProblems(path.dirname(path.resolve(contentDir)))
  const [site, analysis] = await Promise.all([
    readJson(path.join(contentDir, 'site.json'), validateSite, problems),
    readJson(path.join(contentDir, 'analysis.json'), validateAnalysis, problems),
  ])
  const dir = path.join(contentDir, 'emails')
  for (const entry of await fs.readdir(dir).catch(() => [])) {
    if (!emailNames.some((name) => entry === `${name}.md`)) {
      problems.add(path.join(dir, entry), `is not an email template (known: ${emailNames.map((name) => `${name}.md`).join(', ')})`)
    }
  }
  const loaded = await Promise.all(emailNames.map((name) => loadTemplate(name, path.join(dir, `${name}.md`), problems)))
  if (problems.count > 0 || !site || !analysis) throw new EmailContentError(await problems.lines())
  return { templates: emailTable((name) => loaded[emailNames.indexOf(name)]!), content: placeholderValues({ site, analysis }), site }
}

async function readJson<T>(file: string, check: ValidateFunction<T>, problems: ContentProblems): Promise<T | undefined> {
  const source = await readText(file)
  if (source === undefined) return void problems.add(file, 'file is missing')
  let data: unknown
  try {
    data = JSON.parse(source)
  } catch (error) {
    const mistake = jsonMistake(error, source)
    return void problems.add(file, mistakeText(mistake), mistake)
  }
  if (check(data)) return data
  for (const error of check.errors ?? []) problems.add(file, describe(error))
}

async function loadTemplate(name: EmailName, file: string, problems: ContentProblems): Promise<EmailTemplate> {
  const problem = (message: string, line?: number) => problems.add(file, message, { line })
  const template: EmailTemplate = { file: problems.name(file), subject: '', fields: {}, body: '' }
  const source = await readText(file)
  if (source === undefined) {
    problem('file is missing')
    return template
  }
  let data: Record<string, unknown>
  try {
    ;({ data, content: template.body } = matter(source))
  } catch (error) {
    const mistake = yamlMistake(error, source)
    problems.add(file, mistakeText(mistake), mistake)
    return template
  }
  const check = validateFrontMatter[name]
  if (!check(data)) for (const error of check.errors ?? []) problem(describe(error))
  if (template.body.trim() === '') problem('body is empty')

  const allowed: readonly string[] = [...contentPlaceholders, ...emailTemplateTable[name].placeholders]
  // The body's first line in the file; a front-matter field's line is the one that names it.
  const bodyLine = lineAt(source, source.length - template.body.length)
  const fieldLine = (field: string) => {
    const offset = source.search(new RegExp(`^${field}\\s*:`, 'm'))
    return offset < 0 ? undefined : lineAt(source, offset)
  }
  const checkPlaceholders = (where: string, value: string, lineOf: (offset: number) => number | undefined) => {
    for (const match of value.matchAll(placeholderPattern)) {
      const placeholder = match[1]!
      if (!allowed.includes(placeholder))
        problem(`unknown placeholder {{${placeholder}}} in ${where}${didYouMean(placeholder, allowed)} (allowed: ${allowed.join(', ')})`, lineOf(match.index))
    }
    // '{{site.email}' or '{{ site email }}': a typo would otherwise reach the reader as it is.
    for (const { offset, written, name: meant } of malformedPlaceholders(value, placeholderPattern)) {
      const fix = allowed.includes(meant) ? meant : (nearest(meant, allowed) ?? meant)
      problem(`malformed placeholder ${written} in ${where}: write {{${fix}}}, two braces on each side`, lineOf(offset))
    }
  }
  for (const [field, value] of Object.entries(data)) {
    if (typeof value !== 'string') continue
    checkPlaceholders(field, value, () => fieldLine(field))
    if (field === 'subject') template.subject = value
    else template.fields[field] = value
  }
  checkPlaceholders('body', template.body, (offset) => bodyLine + lineAt(template.body, offset) - 1)
  const used = new Set(
    [template.subject, ...Object.values(template.fields), template.body].flatMap((text) => [...text.matchAll(placeholderPattern)].map((match) => match[1]!)),
  )
  for (const placeholder of requiredPlaceholders(name))
    if (!used.has(placeholder)) problem(`{{${placeholder}}} is missing: the agency reads every field of the form in this email`)
  // A list becomes lines of its own (render.ts): it cannot sit inside a sentence, a subject or a field.
  const lists = Object.keys(listPlaceholders(name))
  const listsIn = (text: string) => [...text.matchAll(placeholderPattern)].map((match) => match[1]!).filter((placeholder) => lists.includes(placeholder))
  for (const [field, value] of Object.entries(data)) {
    if (typeof value === 'string')
      for (const list of listsIn(value)) problem(`{{${list}}} is a list: it belongs in the body, on a line of its own (found in ${field})`, fieldLine(field))
  }
  for (const [index, line] of template.body.split('\n').entries()) {
    for (const list of listsIn(line))
      if (!/^\{\{\s*[\w.]+\s*\}\}$/.test(line.trim())) problem(`{{${list}}} is a list: it must be on a line of its own`, bodyLine + index)
  }
  return template
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
