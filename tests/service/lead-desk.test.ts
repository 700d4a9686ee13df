import { describe, expect, it } from 'vitest'
import { adminPassword, testApp, validConsultation, validContact } from './helpers.js'

const bearer = { Authorization: `Bearer ${adminPassword}` }
const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((item) => item.id)

describe('the lead desk (both stores)', () => {
  it('searches ignoring case and accents, both ways', async () => {
    const { http } = await testApp()
    const post = async (contactName: string, businessName: string, email: string) =>
      (await http.post('/api/consultation').send(validConsultation({ contactName, businessName, email })).expect(201)).body.id as string
    const jose = await post('José Hernández', 'Taquería Ñandú', 'jose@example.com')
    const plain = await post('Jose Hernandez', 'Plain Tacos', 'jh@example.com')
    const other = await post('Ann Lee', 'Bluebonnet Bakery', 'ann@example.com')
    const found = async (q: string) =>
      ids(
        await http
          .get(`/api/admin/consultations?q=${encodeURIComponent(q)}`)
          .set(bearer)
          .expect(200),
      )
    expect(await found('hernandez')).toEqual([plain, jose])
    expect(await found('HERNÁNDEZ')).toEqual([plain, jose])
    expect(await found('nandu')).toEqual([jose])
    expect(await found('ÑANDÚ')).toEqual([jose])
    expect(await found('taqueria')).toEqual([jose])
    expect(await found('bakery')).toEqual([other])
    // The same text in the other normal form (a decomposed é typed on some keyboards) finds the same record.
    expect(await found('jose\u0301')).toEqual([plain, jose])
  })
})
