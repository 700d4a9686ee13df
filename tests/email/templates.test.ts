import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixtureContentDir as contentDir } from '../fixtures/fixture.js'
import { emailNames } from '../../contract/content/emails/templateTable.js'
import { EmailContentError, loadEmailTemplates } from '../../contract/content/emails/templates.js'

const temps: string[] = []

/** A copy of the files the emails read, in <temp>/content, changed by `edit`. */
async function fixture(edit: (dir: string) => Promise<void>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'email-templates-'))
  temps.push(root)
  const dir = path.join(root, 'content')
  await cp(path.join(contentDir, 'emails'), path.join(dir, 'emails'), { recursive: true })
  for (const file of ['site.json', 'analysis.json']) await cp(path.join(contentDir, file), path.join(dir, file))
  await edit(dir)
  return dir
}

async function change(file: string, replace: (text: string) => string) {
  await writeFile(file, replace(await readFile(file, 'utf8')))
}

async function problems(dir: string): Promise<string[]> {
  const error = await loadEmailTemplates(dir).then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(EmailContentError)
  const { message, problems } = error as EmailContentError
  // One problem each; a file that cannot be read shows its lines under its problem.
  expect(message).toBe(problems.join('\n'))
  return problems
}

afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('loadEmailTemplates', () => {
  it('loads the templates with the figures of analysis.json', async () => {
    const { templates, content, site } = await loadEmailTemplates(contentDir)
    expect(Object.keys(templates).sort()).toEqual([...emailNames].sort())
    expect(templates['newsletter-welcome'].file).toMatch(/(^|\/)emails\/newsletter-welcome\.md$/)
    const analysis = JSON.parse(await readFile(path.join(contentDir, 'analysis.json'), 'utf8'))
    expect(content['analysis.meetingLength']).toBe(analysis.meetingLength)
    expect(site.lang).toBe('en-US')
    expect(templates['consultation-confirmation'].body).toContain('{{analysis.reportWithin}}')
    expect(templates['consultation-confirmation'].fields.calendarTitle).toBeTruthy()
  })

  it('names file and field for a missing subject or calendar field', async () => {
    const dir = await fixture(async (dir) => {
      await change(path.join(dir, 'emails/consultation-confirmation.md'), (text) => text.replace(/^subject:.*\n/m, '').replace(/^calendarTitle:.*\n/m, ''))
    })
    expect(await problems(dir)).toEqual([
      'content/emails/consultation-confirmation.md: subject is required',
      'content/emails/consultation-confirmation.md: calendarTitle is required',
    ])
  })

  it('refuses a notification that leaves out a field of its form', async () => {
    const dir = await fixture(async (dir) => {
      await change(path.join(dir, 'emails/contact-notification.md'), (text) => text.replaceAll('{{phone}}', 'by phone'))
      await change(path.join(dir, 'emails/consultation-notification.md'), (text) => text.replaceAll('{{meeting}}', 'soon').replaceAll('{{place}}', 'here'))
    })
    expect(await problems(dir)).toEqual([
      'content/emails/consultation-notification.md: {{meeting}} is missing: the agency reads every field of the form in this email',
      'content/emails/consultation-notification.md: {{place}} is missing: the agency reads every field of the form in this email',
      'content/emails/contact-notification.md: {{phone}} is missing: the agency reads every field of the form in this email',
    ])
  })

  it('refuses unknown and malformed placeholders, and free text in an email to the visitor', async () => {
    const dir = await fixture(async (dir) => {
      await change(path.join(dir, 'emails/contact-acknowledgement.md'), (text) => `${text}\nYou wrote: {{message}}\n`)
      await change(path.join(dir, 'emails/newsletter-welcome.md'), (text) =>
        text.replace('subject: "', 'subject: "{{foo}} ').concat('\nWrite to {{site.email}.\n'),
      )
    })
    const lines = await problems(dir)
    const lineOf = async (file: string, find: string) => {
      const text = await readFile(path.join(dir, file), 'utf8')
      return text.slice(0, text.indexOf(find)).split('\n').length
    }
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      new RegExp(
        `^content/emails/contact-acknowledgement\\.md:${await lineOf('emails/contact-acknowledgement.md', 'You wrote')}: unknown placeholder \\{\\{message\\}\\} in body \\(allowed: site\\.name, .*, name, business, service\\)$`,
      ),
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^content/emails/newsletter-welcome\\.md:${await lineOf('emails/newsletter-welcome.md', 'subject:')}: unknown placeholder \\{\\{foo\\}\\} in subject \\(allowed: .*unsubscribeUrl\\)$`,
      ),
    )
    // The placeholder as written, at its line, and how to write it.
    expect(lines[2]).toBe(
      `content/emails/newsletter-welcome.md:${await lineOf('emails/newsletter-welcome.md', 'Write to')}: malformed placeholder {{site.email} in body: write {{site.email}}, two braces on each side`,
    )
  })

  it('keeps a list placeholder of the digest on a line of its own, out of the subject and fields', async () => {
    const dir = await fixture(async (dir) => {
      await change(path.join(dir, 'emails/morning-digest.md'), (text) =>
        text.replace('subject: "', 'subject: "{{meetings}} ').replace('\n{{newLeads}}\n', '\nNew: {{newLeads}}\n'),
      )
    })
    const lineOf = async (find: string) => {
      const text = await readFile(path.join(dir, 'emails/morning-digest.md'), 'utf8')
      return text.slice(0, text.indexOf(find)).split('\n').length
    }
    // Each at its line: the subject's, and the body's line that holds the list inside a sentence.
    expect(await problems(dir)).toEqual([
      `content/emails/morning-digest.md:${await lineOf('subject:')}: {{meetings}} is a list: it belongs in the body, on a line of its own (found in subject)`,
      `content/emails/morning-digest.md:${await lineOf('New: {{newLeads}}')}: {{newLeads}} is a list: it must be on a line of its own`,
    ])
  })

  it('refuses a subject on two lines, an empty body, a stray field', async () => {
    const dir = await fixture(async (dir) => {
      await writeFile(path.join(dir, 'emails/contact-acknowledgement.md'), '---\nsubject: |\n  New message\n  Bcc: someone@example.com\nsender: x\n---\n\n')
    })
    expect(await problems(dir)).toEqual([
      'content/emails/contact-acknowledgement.md: sender is not a known field',
      'content/emails/contact-acknowledgement.md: subject must be on one line',
      'content/emails/contact-acknowledgement.md: body is empty',
    ])
  })

  it('lists every problem at once, by file: missing template, unknown file, bad YAML, site.json', async () => {
    const dir = await fixture(async (dir) => {
      await rm(path.join(dir, 'emails/contact-acknowledgement.md'))
      await writeFile(path.join(dir, 'emails/contact-acknowledgment.md'), '---\nsubject: Thanks\n---\nHi\n')
      await writeFile(path.join(dir, 'emails/newsletter-welcome.md'), '---\nsubject: [unclosed\n---\nHi\n')
      await change(path.join(dir, 'site.json'), (text) => text.replace(/"email": "[^"]*",/, '').replace(/"locality": "Dallas"/, '"locality": ""'))
    })
    const lines = await problems(dir)
    expect(lines.map((line) => line.replace(/(:\d+)*: [\s\S]*$/, ''))).toEqual([
      'content/emails/contact-acknowledgement.md',
      'content/emails/contact-acknowledgment.md',
      'content/emails/newsletter-welcome.md',
      'content/site.json',
      'content/site.json',
    ])
    expect(lines).toContain('content/emails/contact-acknowledgement.md: file is missing')
    expect(lines[1]).toMatch(/contact-acknowledgment\.md: is not an email template \(known: consultation-notification\.md, /)
    // Where the list opens, the fix, and the lines around it.
    expect(lines[2]).toBe(
      [
        'content/emails/newsletter-welcome.md:2:10: subject: a [ or { opens a list that is never closed: close it, or, if it is text, put the whole value in quotes, as in subject: "[unclosed"',
        '    1 | ---',
        '  > 2 | subject: [unclosed',
        '      |          ^',
        '    3 | ---',
      ].join('\n'),
    )
    expect(lines).toContain('content/site.json: email is required')
    expect(lines).toContain('content/site.json: address.locality must not be empty')
  })

  it('reports a missing analysis.json rather than failing on it', async () => {
    const dir = await fixture((dir) => rm(path.join(dir, 'analysis.json')))
    expect(await problems(dir)).toEqual(['content/analysis.json: file is missing'])
  })
})
