import { expect, test } from 'vitest'
import { emailTemplateTable } from '../contract/content/emails/templateTable'
import { uiKeys } from '../site/content/ui'
import type { EmailKindLabels } from '../site/admin/labels'
import { emailKindLabel } from '../site/admin/outbox/emailLabels'

test('content/ui.json names every email the service sends, and no other', () => {
  expect([...uiKeys.emailKinds].sort()).toEqual(Object.keys(emailTemplateTable).sort())
})

test('an email reads as what it is; a template the site does not know reads as its name', () => {
  // Every kind's words, as content/ui.json gives them: the acknowledgement's as the site has them.
  const labels = Object.fromEntries(uiKeys.emailKinds.map((kind) => [kind, `Words for ${kind}`])) as EmailKindLabels
  labels['contact-acknowledgement'] = 'Acknowledgement to the visitor'
  expect(emailKindLabel('contact-acknowledgement', labels)).toBe('Acknowledgement to the visitor')
  expect(emailKindLabel('invoice-reminder', labels)).toBe('invoice-reminder')
  expect(emailKindLabel('toString', labels)).toBe('toString')
})
