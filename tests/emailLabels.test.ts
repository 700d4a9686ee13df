import { expect, test } from 'vitest'
import { emailTemplateTable } from '../contract/content/emails/templateTable'
import { uiKeys } from '../site/content/ui'
import type { EmailKindLabels } from '../site/admin/labels'
import { emailKindLabel } from '../site/admin/outbox/emailLabels'

test('content/ui.json names every email the service sends, and no other', () => {
  expect([...uiKeys.emailKinds].sort()).toEqual(Object.keys(emailTemplateTable).sort())
})

test('an email reads as what it is; a template the site does not know reads as its name', () => {
  const labels: EmailKindLabels = {
    'consultation-notification': 'Notification to you',
    'consultation-confirmation': 'Confirmation to the visitor',
    'contact-notification': 'Notification to you',
    'contact-acknowledgement': 'Acknowledgement to the visitor',
    'newsletter-welcome': 'Welcome to the subscriber',
    'meeting-update': 'New time to the visitor',
    'meeting-cancellation': 'Cancellation to the visitor',
    'meeting-reminder': 'Reminder to the visitor',
    'meeting-notice': 'Change notice to you',
    'morning-digest': 'Morning digest to you',
  }
  expect(emailKindLabel('contact-acknowledgement', labels)).toBe('Acknowledgement to the visitor')
  expect(emailKindLabel('invoice-reminder', labels)).toBe('invoice-reminder')
  expect(emailKindLabel('toString', labels)).toBe('toString')
})
