import { expect, test } from 'vitest'
import { formatSubscribedAt, subscribersCsv } from './subscribers'

const header = { email: 'Email', date: 'Subscribed Date', id: 'ID' }

test('the CSV has the header row and neutralises cells that a spreadsheet would run as formulas', async () => {
  const at = '2025-07-04T17:05:00.000Z'
  const csv = await subscribersCsv(
    [
      { id: 'a', email: 'plain@example.com', subscribedAt: at },
      { id: 'b', email: '=cmd|calc@example.com', subscribedAt: at },
      { id: '+c', email: '-x@example.com', subscribedAt: at },
      { id: 'd', email: '@x@example.com', subscribedAt: at },
      { id: 'e', email: '=a\nb@example.com', subscribedAt: at },
      // Spreadsheets skip a leading zero-width space, and read a full-width ＝ as =.
      { id: 'f', email: '\u200b=HYPERLINK("http://evil.example")', subscribedAt: at },
      { id: '＝1+1', email: 'full@example.com', subscribedAt: at },
    ],
    header,
  )
  const date = formatSubscribedAt(at)
  expect(date).toMatch(/^July [45], 2025 at \d{1,2}:05 (AM|PM)$/)
  expect(csv.split('\r\n')).toEqual([
    'Email,Subscribed Date,ID',
    `plain@example.com,"${date}",a`,
    `'=cmd|calc@example.com,"${date}",b`,
    `'-x@example.com,"${date}",'+c`,
    `'@x@example.com,"${date}",d`,
    `"'=a\nb@example.com","${date}",e`,
    `"'\u200b=HYPERLINK(""http://evil.example"")","${date}",f`,
    `full@example.com,"${date}",'＝1+1`,
  ])
})
