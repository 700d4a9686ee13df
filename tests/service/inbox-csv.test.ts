import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { testApp, validConsultation, validContact, adminHeader, clockAt } from './helpers.js'

/** The CSV as Excel opens it (the file's bytes, its byte-order mark read as UTF-8): each row's shown text, and any formula. */
function asSpreadsheet(csv: string) {
  const sheet = XLSX.read(Buffer.from(csv), { type: 'buffer' }).Sheets.Sheet1!
  const range = XLSX.utils.decode_range(sheet['!ref']!)
  const rows: Array<Record<string, string>> = []
  const formulas: string[] = []
  const headers: string[] = []
  for (let c = range.s.c; c <= range.e.c; c++) headers.push(String(sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v ?? ''))
  for (let r = 1; r <= range.e.r; r++) {
    const row: Record<string, string> = {}
    headers.forEach((header, c) => {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined
      if (cell?.f) formulas.push(cell.f)
      // A date and time is a number to a spreadsheet (shown as a date): written back as the file has it.
      const isDate = cell?.t === 'n' && cell.w?.includes('/')
      row[header] = cell === undefined ? '' : isDate ? XLSX.SSF.format('yyyy-mm-dd hh:mm', cell.v) : String(cell.v)
    })
    rows.push(row)
  }
  return { headers, rows, formulas }
}

describe('the inbox CSV as a spreadsheet reads it', () => {
  it("has each request's meeting (start in Central time, state) and whether it is overdue; phones read as typed, formulas stay text", async () => {
    // Thursday, October 29, 2026, 10:00 CDT; the clocks go back on Sunday, November 1.
    const clock = clockAt('2026-10-29T15:00:00Z')
    const { now } = clock
    const { http } = await testApp({}, { now }, { now })
    const post = async (path: string, body: Record<string, unknown>) => (await http.post(path).send(body).expect(201)).body.id as string

    await post(
      '/api/consultation',
      validConsultation({ businessName: 'Friday Deli', email: 'fri@example.com', phone: '+1 214 555 0147', date: '2026-10-30', timeSlot: 'morning' }),
    )
    const monday = await post(
      '/api/consultation',
      validConsultation({ businessName: '=HYPERLINK("http://evil.example")', email: 'mon@example.com', date: '2026-11-02', timeSlot: 'morning' }),
    )
    await post('/api/contact', validContact({ business: '+SUM(A1)', phone: '+1 (214) 555-0148', email: 'msg@example.com' }))
    const answered = await post('/api/contact', validContact({ business: '-2+3', email: 'answered@example.com' }))
    await http.patch(`/api/admin/messages/${answered}`).set(adminHeader).send({ status: 'contacted' }).expect(200)
    const { body: agenda } = await http.get('/api/admin/meetings?from=2026-11-02&days=1').set(adminHeader).expect(200)
    const mondayMeeting = agenda.meetings.find((meeting: { requestId: string }) => meeting.requestId === monday)
    await http.post(`/api/admin/meetings/${mondayMeeting.id}/cancel`).set(adminHeader).send({}).expect(200)

    // Saturday, October 31, 11:00 CDT: a new request, 30 minutes old; the ones of Thursday are overdue.
    clock.set('2026-10-31T16:00:00Z')
    await post('/api/consultation', validConsultation({ businessName: 'Fresh Bakery', email: 'fresh@example.com', date: '2026-11-03', timeSlot: 'afternoon' }))
    clock.set('2026-10-31T16:30:00Z')

    const requests = asSpreadsheet((await http.get('/api/admin/consultations.csv').set(adminHeader).expect(200)).text)
    expect(requests.formulas).toEqual([])
    expect(requests.headers.slice(0, 7)).toEqual([
      'Received (Central time)',
      'Status',
      'Owner',
      'Overdue',
      'Meeting start (Central time)',
      'Meeting state',
      'Business',
    ])
    const byBusiness = Object.fromEntries(requests.rows.map((row) => [row.Business, row]))
    // Friday before the change (CDT), Monday and Tuesday after it (CST): each at its wall-clock time in Dallas.
    expect(byBusiness['Friday Deli']).toMatchObject({ Overdue: 'Overdue', 'Meeting start (Central time)': '2026-10-30 09:00', 'Meeting state': 'Booked' })
    expect(byBusiness['Friday Deli']!.Phone).toBe('+1 214 555 0147')
    expect(byBusiness[`'=HYPERLINK("http://evil.example")`]).toMatchObject({
      Overdue: 'Overdue',
      'Meeting start (Central time)': '2026-11-02 09:00',
      'Meeting state': 'Cancelled',
    })
    expect(byBusiness['Fresh Bakery']).toMatchObject({ Overdue: '', 'Meeting start (Central time)': '2026-11-03 13:00', 'Meeting state': 'Booked' })

    const messages = asSpreadsheet((await http.get('/api/admin/messages.csv').set(adminHeader).expect(200)).text)
    expect(messages.formulas).toEqual([])
    const message = Object.fromEntries(messages.rows.map((row) => [row.Email, row]))
    expect(message['msg@example.com']).toMatchObject({ Business: "'+SUM(A1)", Phone: '+1 (214) 555-0148', Overdue: 'Overdue' })
    expect(message['answered@example.com']).toMatchObject({ Business: "'-2+3", Overdue: '', Status: 'Contacted' })
  })
})
