import { describe, expect, it } from 'vitest'
import { meetingPlace, missingPlaces, placeChoices, placeKindOf, type PlaceSettings } from './meetingPlace'

const place: PlaceSettings = {
  offer: ['video', 'phone'],
  video: { label: 'Video call', link: 'https://meet.jit.si/agency-{key}' },
  phone: { label: 'Phone call' },
}

describe("a meeting's place", () => {
  it('is the visitor’s choice while it is offered, else the first way offered', () => {
    expect(placeKindOf(place, 'phone')).toBe('phone')
    expect(placeKindOf(place, undefined)).toBe('video')
    expect(placeKindOf(place, 'address')).toBe('video')
  })

  it('says the room of the meeting, the number called or the address', () => {
    expect(meetingPlace(place, 'video', { phone: '214-555-0100', roomKey: 'k3y' })).toEqual({
      kind: 'video',
      text: 'Video call: https://meet.jit.si/agency-k3y',
      location: 'https://meet.jit.si/agency-k3y',
      url: 'https://meet.jit.si/agency-k3y',
    })
    expect(meetingPlace(place, 'phone', { phone: '214-555-0100', roomKey: 'k3y' })).toEqual({
      kind: 'phone',
      text: 'Phone call: 214-555-0100',
      location: '214-555-0100',
    })
    const office = { offer: ['address'], address: { label: 'At our office', address: '1 Elm St, Dallas' } } satisfies PlaceSettings
    expect(meetingPlace(office, 'address', { phone: '', roomKey: '' }).text).toBe('At our office: 1 Elm St, Dallas')
  })

  it('is offered as a choice only when there is more than one way, and each way offered needs its entry', () => {
    expect(placeChoices(place)).toEqual([
      { value: 'video', label: 'Video call' },
      { value: 'phone', label: 'Phone call' },
    ])
    expect(placeChoices({ offer: ['phone'], phone: { label: 'Phone call' } })).toEqual([])
    expect(missingPlaces({ ...place, offer: ['video', 'address'] })).toEqual(['address'])
  })
})
