import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

// The README's "Add a form field", "Add an email", "Add an admin screen", "Add a stored field" and "Add a
// metric", done step by step on in-memory copies of the files: after each step the compiler names exactly the
// files the README says come next, and once every step is done the project compiles. The program starts from
// the service and the screens a form field, an email or a screen reaches, so it checks what `npm run typecheck`
// would of them, in a fraction of its time.
const projectDir = path.resolve(import.meta.dirname, '..')
const roots = [
  'forms-service/service.ts',
  'site/islands/contact-form/ContactForm.tsx',
  'site/admin/inbox/messages.tsx',
  'site/admin/inbox/consultations.tsx',
  'site/admin/outbox/emailLabels.ts',
  'site/forms/form-validators.d.ts',
  'site/content/markdown-it-footnote.d.ts',
  'site/admin/AdminScreen.tsx',
  'site/pages/admin/+data.ts',
  'site/pages/admin/+head.ts',
  'site/pages/admin/+route.ts',
].map((file) => path.join(projectDir, file))

const config = ts.getParsedCommandLineOfConfigFile(path.join(projectDir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!

type Edit = [file: string, anchor: string, text: string]

// Each program is a builder over the last one, as \`tsc --watch\` is: a file no edit reached keeps the errors the
// last program found in it, and is checked again only when a file it depends on changed shape. The versions the
// builder compares are the texts' hashes.
let previous: ts.SemanticDiagnosticsBuilderProgram | undefined
const version = (text: string) => createHash('sha1').update(text).digest('hex')
// And each text is parsed once, as a watching compiler host keeps its source files: most of a program's files
// (the libraries' types among them) are the same in every step.
const parsed = new Map<string, ts.SourceFile>()
function sourceFile(fileName: string, text: string, language: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile {
  const key = `${fileName}\0${version(text)}`
  let file = parsed.get(key)
  if (!file) {
    file = ts.createSourceFile(fileName, text, language, true)
    ;(file as ts.SourceFile & { version: string }).version = version(text)
    parsed.set(key, file)
  }
  return file
}

/** The project with `edits` made (each inserts `text` after the one place `anchor` occurs). */
class Project {
  private readonly sources = new Map<string, string>()

  edit(...edits: Edit[]): this {
    for (const [file, anchor, text] of edits) {
      const source = this.sources.get(file) ?? readFileSync(path.join(projectDir, file), 'utf8')
      const at = source.indexOf(anchor)
      if (at < 0 || source.indexOf(anchor, at + 1) >= 0) throw new Error(`${file}: "${anchor}" is no longer there once; follow the README's walkthrough here`)
      this.sources.set(file, source.slice(0, at + anchor.length) + text + source.slice(at + anchor.length))
    }
    return this
  }

  /** The project with a new file. */
  create(file: string, text: string): this {
    this.sources.set(file, text)
    // The last program's failed imports of it would be reused with the files that import it.
    previous = undefined
    return this
  }

  /** The compiler's errors, each with the file it is in, relative to the project. */
  errors(): { file: string; message: string }[] {
    const host = ts.createCompilerHost(config.options)
    const { fileExists } = host
    const edited = (fileName: string) => this.sources.get(path.relative(projectDir, fileName))
    host.fileExists = (fileName) => edited(fileName) !== undefined || fileExists(fileName)
    // A new file's folder may be new too.
    host.directoryExists = (dir) =>
      ts.sys.directoryExists(dir) || [...this.sources.keys()].some((file) => path.join(projectDir, file).startsWith(`${dir}${path.sep}`))
    host.getSourceFile = (fileName, language) => {
      const text = edited(fileName) ?? host.readFile(fileName)
      return text === undefined ? undefined : sourceFile(fileName, text, language)
    }
    const program = ts.createSemanticDiagnosticsBuilderProgram(roots, config.options, host, previous)
    previous = program
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(),
      ...program.getSemanticDiagnostics(),
    ]
    return diagnostics.map((diagnostic) => ({
      file: diagnostic.file ? path.relative(projectDir, diagnostic.file.fileName) : '(options)',
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }))
  }

  /** The files the compiler reports errors in. */
  errorFiles(): string[] {
    return [...new Set(this.errors().map(({ file }) => file))].sort()
  }
}

it('the project as it is compiles from these roots', () => {
  expect(new Project().errorFiles()).toEqual([])
}, 180_000)

it('Add a form field: the compiler names every file the field must appear in', () => {
  // 1. The field in the form's schema.
  const project = new Project().edit([
    'contract/wire/contact.ts',
    "    message: optionalText('Message', maxLength.message),\n",
    "    teamSize: optionalText('Team size', maxLength.name),\n",
  ])
  expect(project.errorFiles()).toEqual([
    'contract/content/emails/templateTable.ts',
    'forms-service/routes/inboxCsv.ts',
    'site/admin/inbox/messages.tsx',
    'site/islands/contact-form/ContactForm.tsx',
  ])

  // 2-5. The form's draft and input, the admin's record page, the CSV, the agency's notification.
  project.edit(
    ['site/islands/contact-form/ContactForm.tsx', "business: '',", " teamSize: '',"],
    [
      'site/islands/contact-form/ContactForm.tsx',
      "{...form.field('business')} />\n",
      "      <TextField id={id('teamSize')} label={labels.teamSize} {...form.field('teamSize')} />\n",
    ],
    [
      'site/admin/inbox/messages.tsx',
      "    business: { label: 'business', value: (record) => record.business },\n",
      "    teamSize: { label: 'teamSize', value: (record) => record.teamSize },\n",
    ],
    [
      'forms-service/routes/inboxCsv.ts',
      '    business: [words.business!, (record) => record.business],\n',
      '    teamSize: [words.teamSize!, (record) => record.teamSize],\n',
    ],
    ['contract/content/emails/templateTable.ts', "placeholders: ['name', 'email', 'phone', 'business',", " 'teamSize',"],
    ['contract/content/emails/templateTable.ts', "  'contact-notification': {\n    name: 'name',\n", "    teamSize: 'teamSize',\n"],
  )
  // 6-7. Their words, and the notification's value.
  expect(project.errorFiles()).toEqual(['forms-service/email/messages.ts', 'site/admin/inbox/messages.tsx', 'site/islands/contact-form/ContactForm.tsx'])

  project.edit(
    ['site/content/ui.ts', "  contactForm: [\n    'label',\n", "    'teamSize',\n"],
    ['site/content/ui.ts', '  adminInbox: [\n', "    'teamSize',\n"],
    [
      'forms-service/email/messages.ts',
      "    recordUrl: recordUrl(context, 'contacts', record.id),\n",
      "    teamSize: singleLine(record.teamSize ?? '') || notGiven,\n",
    ],
  )
  expect(project.errorFiles()).toEqual([])
}, 180_000)

it('Add an email: the compiler names every file the email must appear in', () => {
  // 1. Its row: the placeholders its template may use.
  const project = new Project().edit([
    'contract/content/emails/templateTable.ts',
    "  'contact-acknowledgement': {\n    placeholders: ['name', 'business', 'service'],\n    fields: {},\n  },\n",
    "  'contact-followup': {\n    placeholders: ['name', 'business'],\n    fields: {},\n  },\n",
  ])
  expect(project.errorFiles()).toEqual(['forms-service/outbox/kinds.ts', 'site/content/ui.ts'])

  // 2. Who reads it, what it is about, what queues it, its builder; 3. its name in the admin's Outbox.
  project.edit(
    [
      'forms-service/outbox/kinds.ts',
      "  'contact-acknowledgement': { to: 'visitor', about: 'message', queuedOn: ['contact'], render: fromRecord('contacts', contactAcknowledgement) },\n",
      "  'contact-followup': { to: 'visitor', about: 'message', queuedOn: ['contact'], render: fromRecord('contacts', contactFollowup) },\n",
    ],
    ['forms-service/outbox/kinds.ts', '  contactAcknowledgement,\n', '  contactFollowup,\n'],
    ['site/content/ui.ts', "  'contact-acknowledgement',\n", "  'contact-followup',\n"],
  )
  // 4. Its builder, beside its record's others: the compiler has no more to say (the template is content's).
  expect(project.errorFiles()).toEqual(['forms-service/outbox/kinds.ts'])
  project.edit([
    'forms-service/email/messages.ts',
    "  return toVisitor(context, record.id, 'contact-acknowledgement', renderEmail(context.templates, 'contact-acknowledgement', values), visitor)\n}\n",
    "\nexport function contactFollowup(record: ContactRecord, context: EmailContext): OutgoingEmail {\n  const { visitor, values } = contactShared(record)\n  return toVisitor(context, record.id, 'contact-followup', renderEmail(context.templates, 'contact-followup', { name: values.name, business: values.business }), visitor)\n}\n",
  ])
  expect(project.errorFiles()).toEqual([])
}, 180_000)

it('Add an admin screen: the compiler names every file the screen must appear in', () => {
  // 1. Its address.
  const project = new Project().edit(['contract/wire/urls.ts', "    blocked: '/admin/blocked',\n", "    reports: '/admin/reports',\n"])
  expect(project.errorFiles()).toEqual(['site/admin/screenTable.tsx'])

  // 2. Its row: its words, its labels, its component (and the counts of its link, if any). The compiler then
  // names what the row reads and does not find: the words' group and the component's file.
  project.edit(
    ['site/admin/screenTable.tsx', "import { TokensScreen } from './tokens/TokensScreen'\n", "import { ReportsScreen } from './reports/ReportsScreen'\n"],
    [
      'site/admin/screenTable.tsx',
      '  blocked: screen({\n',
      '    words: (ui) => ui.adminReports,\n    labels: (ui) => ({ session: sessionOf(ui), reports: ui.adminReports }),\n    Screen: ReportsScreen,\n  }),\n  reports: screen({\n',
    ],
  )
  const named = project.errors()
  expect(new Set(named.map(({ file }) => file))).toEqual(new Set(['site/admin/screenTable.tsx']))
  expect(named.map(({ message }) => message).join('\n')).toMatch(
    /'\.\/reports\/ReportsScreen'[\s\S]*'adminReports'|'adminReports'[\s\S]*'\.\/reports\/ReportsScreen'/,
  )

  // 3. The keys of its words (content/ui.json then holds them and its link's word: the build names them).
  project.edit([
    'site/content/ui.ts',
    '  emailKinds: emailKindList satisfies EveryOf<EmailName, typeof emailKindList>,\n',
    "  adminReports: ['title', 'metaDescription', 'signInText', 'loading'],\n",
  ])
  expect(project.errorFiles()).toEqual(['site/admin/screenTable.tsx'])

  // 4. The screen. Its page, its link in the navigation and its place in the island follow from the row.
  project.create(
    'site/admin/reports/ReportsScreen.tsx',
    `import type { UiStrings } from '../../content/ui'
import type { SessionLabels } from '../labels'

export function ReportsScreen({ labels }: { labels: { session: SessionLabels; reports: UiStrings['adminReports'] } }) {
  return <p>{labels.reports.loading}</p>
}
`,
  )
  expect(project.errorFiles()).toEqual([])

  // A row whose component takes other words than its labels gives is refused.
  const mismatched = new Project().edit(
    ['contract/wire/urls.ts', "    blocked: '/admin/blocked',\n", "    reports: '/admin/reports',\n"],
    [
      'site/admin/screenTable.tsx',
      '  blocked: screen({\n',
      '    words: (ui) => ui.adminTokens,\n    labels: (ui) => ({ session: sessionOf(ui), reports: ui.adminTokens }),\n    Screen: TokensScreen,\n  }),\n  reports: screen({\n',
    ],
  )
  expect(mismatched.errorFiles()).toEqual(['site/admin/screenTable.tsx'])
}, 300_000)

it('Add a stored field: a request’s is its declaration and where PostgreSQL keeps it, an email’s its declaration (and a migration)', () => {
  // 1. Who at the agency owns a request, in the consultation's shape. Its type, the embedded store's check
  // and the property test's records follow; the compiler names where PostgreSQL keeps it.
  const request = new Project().edit(['contract/wire/records.ts', '  network: optional(text()),\n', '  ownerId: optional(text()),\n'])
  expect(request.errorFiles()).toEqual(['forms-service/store/postgres/columns.ts'])
  // 2. With the form's fields (jsonb): no migration; a column of its own would take one.
  request.edit(['forms-service/store/postgres/columns.ts', "  network: 'fields',\n", "  ownerId: 'fields',\n"])
  expect(request.errorFiles()).toEqual([])

  // An email's fields each have a column, named after the field: its declaration compiles at once, and the
  // service refuses to start on PostgreSQL until a migration adds `opened_at` (tests/service/postgres.test.ts).
  const email = new Project().edit(['contract/wire/records.ts', '  resentAt: optional(time()),\n', '  openedAt: optional(time()),\n'])
  expect(email.errorFiles()).toEqual([])
}, 300_000)

it('Add a metric: meetings moved is one typed subscription to the store', () => {
  const counter = [
    'forms-service/metrics.ts',
    "for (const outcome of ['issued', 'solved', 'failed'] as const) challenges.inc({ outcome }, 0)\n",
    "  const meetingsMoved = new Counter({ name: 'forms_meetings_moved_total', help: 'Meetings moved by this process', registers })\n",
  ] satisfies Edit
  const subscription = (action: string) =>
    [
      'forms-service/metrics.ts',
      "    on('email-held', (event) => emailsHeld.inc({ reason: event.reason })),\n",
      `    on('meeting-changed', (event) => event.action === '${action}' && meetingsMoved.inc()),\n`,
    ] satisfies Edit
  // An action that is not one (store/meetings.ts MeetingAction) is a compile error where it is written.
  expect(new Project().edit(counter, subscription('moved')).errorFiles()).toEqual(['forms-service/metrics.ts'])
  expect(new Project().edit(counter, subscription('move')).errorFiles()).toEqual([])
}, 300_000)
